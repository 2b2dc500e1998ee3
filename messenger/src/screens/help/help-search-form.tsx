import { type FormEvent, useId, useState } from 'react';
import { SearchIcon } from '../../ui/icons';

/** The help search box; submitting an empty term does nothing. */
export function HelpSearchForm({
  initialTerm = '',
  onSearch,
}: {
  initialTerm?: string;
  onSearch: (term: string) => void;
}) {
  const id = useId();
  const [term, setTerm] = useState(initialTerm);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) onSearch(term.trim());
  };
  return (
    <search className="vl-search-region">
      <form className="vl-search" onSubmit={handleSubmit}>
        <label htmlFor={`${id}-q`} className="vl-visually-hidden">
          Search for help
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="vl-search-input"
          value={term}
          placeholder="Search for help"
          autoComplete="off"
          onChange={(e) => setTerm(e.target.value)}
        />
        <button type="submit" className="vl-icon-button vl-search-submit" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
