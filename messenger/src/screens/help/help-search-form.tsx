import { type FormEvent, useId, useState } from 'react';
import { SearchIcon } from '../../ui/icons';
import { useT } from '../../i18n/use-t';

/** The help search box; submitting an empty term does nothing. */
export function HelpSearchForm({
  initialTerm = '',
  onSearch,
}: {
  initialTerm?: string;
  onSearch: (term: string) => void;
}) {
  const id = useId();
  const t = useT();
  const [term, setTerm] = useState(initialTerm);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) onSearch(term.trim());
  };
  return (
    <search className="vl-search-region">
      <form className="vl-search" onSubmit={handleSubmit}>
        <label htmlFor={`${id}-q`} className="vl-visually-hidden">
          {t('searchForHelp')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="vl-search-input"
          value={term}
          placeholder={t('searchForHelp')}
          autoComplete="off"
          onChange={(e) => setTerm(e.target.value)}
        />
        <button type="submit" className="vl-icon-button vl-search-submit" aria-label={t('search')}>
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
