/** Shortest description accepted. */
export const DESCRIPTION_MIN_LENGTH = 3;

// Deliberately loose: one @, something before it, a dot in the domain. The server is the real judge.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FeedbackValues {
  description: string;
  email: string;
}

export type FeedbackErrors = Partial<Record<keyof FeedbackValues, string>>;

/** Field errors of the feedback form; an empty object means it can be sent. The e-mail is optional but must be valid. */
export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  const description = values.description.trim();
  if (description.length === 0) errors.description = 'Please describe what happened.';
  else if (description.length < DESCRIPTION_MIN_LENGTH)
    errors.description = `Please write at least ${DESCRIPTION_MIN_LENGTH} characters.`;
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) errors.email = 'Enter a valid e-mail address, like name@example.com.';
  return errors;
}
