import type { FormField } from '../../api/widget-api';

export type FieldValue = string | number | boolean | string[] | undefined;

/** Names of the emoji rating, 1 to 5: the accessible names of its choices. */
export const EMOJI_RATINGS = [
  { value: 1, label: 'Very unhappy', emoji: '😠' },
  { value: 2, label: 'Unhappy', emoji: '😞' },
  { value: 3, label: 'Neutral', emoji: '😐' },
  { value: 4, label: 'Happy', emoji: '😊' },
  { value: 5, label: 'Very happy', emoji: '😍' },
] as const;

const NPS_SCORES = Array.from({ length: 11 }, (_, i) => i);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The error of one field's value, or undefined when it is fine. */
export function validateField(field: FormField, value: FieldValue): string | undefined {
  const empty =
    value === undefined ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  if (empty) return field.required ? 'Please answer this question.' : undefined;
  if (field.type === 'email' && typeof value === 'string' && !EMAIL.test(value.trim())) {
    return 'Enter an e-mail address like name@example.com.';
  }
  return undefined;
}

export interface FormFieldInputProps {
  field: FormField;
  /** Unique per form: ids of inputs and of the error text derive from it. */
  id: string;
  value: FieldValue;
  error?: string;
  disabled?: boolean;
  onChange(value: FieldValue): void;
}

function ChoiceGroup({
  id,
  field,
  error,
  children,
}: {
  id: string;
  field: FormField;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className="vl-field vl-choice"
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-required={field.required ? true : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <span className="vl-field-label" id={`${id}-label`}>
        {field.label}
      </span>
      {field.description ? <p className="vl-field-hint">{field.description}</p> : null}
      <div className="vl-choice-options vl-choice-wrap">{children}</div>
      {error ? (
        <p className="vl-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One question of a survey or field of a form, by its type: text, textarea, e-mail, dropdown, checkbox, rating
 * (stars or emoji), NPS 0-10, single and multiple choice. Labelled, with its error described.
 */
export function FormFieldInput({ field, id, value, error, disabled, onChange }: FormFieldInputProps) {
  const invalid = error ? true : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  const errorText = error ? (
    <p className="vl-field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;

  switch (field.type) {
    case 'rating': {
      const choices =
        field.ratingStyle === 'emoji'
          ? EMOJI_RATINGS.map((r) => ({ value: r.value, label: r.label, shown: r.emoji }))
          : [1, 2, 3, 4, 5].map((n) => ({ value: n, label: n === 1 ? '1 star' : `${n} stars`, shown: '★' }));
      return (
        <ChoiceGroup id={id} field={field} error={error}>
          {choices.map((c) => (
            <label
              key={c.value}
              className={`vl-choice-option vl-rating${typeof value === 'number' && value >= c.value && field.ratingStyle !== 'emoji' ? ' vl-rating-on' : ''}`}
            >
              <input
                type="radio"
                name={id}
                value={c.value}
                aria-label={c.label}
                checked={value === c.value}
                disabled={disabled}
                onChange={() => onChange(c.value)}
              />
              <span aria-hidden="true">{c.shown}</span>
            </label>
          ))}
        </ChoiceGroup>
      );
    }
    case 'nps':
      return (
        <ChoiceGroup id={id} field={field} error={error}>
          {NPS_SCORES.map((n) => (
            <label key={n} className="vl-choice-option vl-nps">
              <input
                type="radio"
                name={id}
                value={n}
                checked={value === n}
                disabled={disabled}
                onChange={() => onChange(n)}
              />
              <span>{n}</span>
            </label>
          ))}
        </ChoiceGroup>
      );
    case 'single_choice':
      return (
        <ChoiceGroup id={id} field={field} error={error}>
          {(field.options ?? []).map((option) => (
            <label key={option} className="vl-choice-option">
              <input
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                disabled={disabled}
                onChange={() => onChange(option)}
              />
              <span>{option}</span>
            </label>
          ))}
        </ChoiceGroup>
      );
    case 'multiple_choice': {
      const selected = Array.isArray(value) ? value : [];
      return (
        <fieldset className="vl-field vl-choice" aria-invalid={invalid} aria-describedby={describedBy}>
          <legend className="vl-field-label">{field.label}</legend>
          <div className="vl-choice-options vl-choice-wrap">
            {(field.options ?? []).map((option) => (
              <label key={option} className="vl-choice-option">
                <input
                  type="checkbox"
                  value={option}
                  checked={selected.includes(option)}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...selected, option] : selected.filter((o) => o !== option))
                  }
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
          {errorText}
        </fieldset>
      );
    }
    case 'checkbox':
      return (
        <div className="vl-field">
          <label className="vl-checkbox">
            <input
              type="checkbox"
              checked={value === true}
              disabled={disabled}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange(e.target.checked)}
            />
            <span>{field.label}</span>
          </label>
          {errorText}
        </div>
      );
    case 'dropdown':
      return (
        <div className="vl-field">
          <label htmlFor={id}>{field.label}</label>
          <select
            id={id}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">Choose…</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {errorText}
        </div>
      );
    case 'textarea':
      return (
        <div className="vl-field">
          <label htmlFor={id}>{field.label}</label>
          <textarea
            id={id}
            rows={4}
            value={typeof value === 'string' ? value : ''}
            placeholder={field.placeholder}
            required={field.required}
            readOnly={disabled}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
          {errorText}
        </div>
      );
    default:
      // text, email; capture is the feedback form's and has no place in a survey page.
      return (
        <div className="vl-field">
          <label htmlFor={id}>{field.label}</label>
          <input
            id={id}
            type={field.type === 'email' ? 'email' : 'text'}
            value={typeof value === 'string' ? value : ''}
            placeholder={field.placeholder}
            required={field.required}
            readOnly={disabled}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
          {errorText}
        </div>
      );
  }
}
