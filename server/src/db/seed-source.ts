/**
 * The one file that reaches into the demo world's generator: the server seeds PostgreSQL from the same rows the demo
 * mode serves. When the generator becomes pure seeders, only this import changes.
 */
export { createWorld, DEFAULT_SEED } from '@/mocks/world/create-world';
export { DEMO_PASSWORD } from '@/mocks/world/demo-users';
