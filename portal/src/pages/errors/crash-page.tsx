/**
 * Demo builds only: throws while rendering so that the error screen can be seen and tested end to end.
 * The route table marks it `demoOnly`, so production builds have no route to it.
 */
export function CrashPage(): never {
  throw new Error('Deliberate render error (demo crash route)');
}
