/**
 * The password strength rule (decision 0080), one function for the forms and the demo server: at least 10
 * characters, upper- and lower-case letters, a digit and a symbol, and not the account's e-mail name.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_RULE_TEXT =
  'At least 10 characters with upper- and lower-case letters, a digit and a symbol; not your e-mail name.';

/** What is missing from a password, as one sentence; null when it is strong enough. */
export function passwordProblem(password: string, email?: string): string | null {
  const missing: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) missing.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!/[a-z]/.test(password)) missing.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) missing.push('an upper-case letter');
  if (!/[0-9]/.test(password)) missing.push('a digit');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('a symbol');
  if (missing.length > 0) return `Use ${missing.join(', ')}.`;
  const name = email?.split('@')[0]?.toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) return 'Do not use your e-mail name.';
  return null;
}

/** 0 to 4, for a strength meter: one point per rule met beyond the length. */
export function passwordScore(password: string): number {
  if (!password) return 0;
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/[0-9]/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return score;
}
