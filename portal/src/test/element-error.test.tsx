import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';

// setup.ts leaves the DOM dump out of the errors a polling query builds and drops; these pin that a failure still
// reports what was on the page.
afterEach(cleanup);

test('a find query that times out reports its message and the DOM at the time', async () => {
  render(<p>Only this paragraph</p>);
  const error = await screen.findByText('Missing text', undefined, { timeout: 100 }).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/Unable to find an element with the text: Missing text/);
  expect((error as Error).message).toContain('Only this paragraph');
});

test('a query that fails outside a wait dumps the DOM at once', () => {
  render(<p>Shown paragraph</p>);
  expect(() => screen.getByText('Missing text')).toThrow(/Shown paragraph/);
});

test('the attempts of a wait that later succeeds build no DOM dump', async () => {
  render(<p>Waiting</p>);
  setTimeout(() => {
    const late = document.createElement('p');
    late.textContent = 'Arrived';
    document.body.append(late);
  }, 120);
  const messages: string[] = [];
  await waitFor(() => {
    try {
      return screen.getByText('Arrived');
    } catch (e) {
      messages.push((e as Error).message);
      throw e;
    }
  });
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).not.toContain('Waiting');
});
