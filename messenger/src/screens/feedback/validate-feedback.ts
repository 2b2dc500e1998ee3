import { createTranslator, type Translate } from '../../i18n/translate';

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
export function validateFeedback(values: FeedbackValues, t: Translate = createTranslator({})): FeedbackErrors {
  const errors: FeedbackErrors = {};
  const description = values.description.trim();
  if (description.length === 0) errors.description = t('descriptionRequired');
  else if (description.length < DESCRIPTION_MIN_LENGTH)
    errors.description = t('descriptionTooShort', { min: DESCRIPTION_MIN_LENGTH });
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) errors.email = t('emailInvalid');
  return errors;
}
