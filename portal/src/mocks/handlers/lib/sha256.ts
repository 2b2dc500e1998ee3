/** The demo's synchronous SHA-256 is the services' one (one implementation, server/src/services/lib/sha256.ts). */
export { sha256HexSync as sha256Hex } from '@services/lib/sha256';
