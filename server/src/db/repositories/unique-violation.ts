/** PostgreSQL's unique_violation (SQLSTATE 23505), as `pg` and PGlite both report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Runs a write; a unique violation becomes the given error (the contract's 409), anything else is thrown as it was. */
export async function writeUnique(write: () => Promise<unknown>, conflict: () => Error): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
