import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ToastCard } from './toast-card';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderToast() {
  const onDismiss = vi.fn();
  renderWithProviders(
    <ToastCard kind="success" title="Saved" description="The vehicle was saved." onDismiss={onDismiss} />,
  );
  return { onDismiss, card: screen.getByRole('status') };
}

describe('a toast', () => {
  test('closes by itself after 5 seconds', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const { onDismiss } = renderToast();
    act(() => void vi.advanceTimersByTime(4999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  test('waits while the pointer is over it', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const { onDismiss, card } = renderToast();
    fireEvent.mouseEnter(card);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(card);
    act(() => void vi.advanceTimersByTime(5000));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  test('waits while the window has no focus', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const { onDismiss } = renderToast();
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('focus')));
    act(() => void vi.advanceTimersByTime(5000));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  test('closes on click', () => {
    const { onDismiss, card } = renderToast();
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 101, pointerId: 1 });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  test('closes from its close button', () => {
    const { onDismiss } = renderToast();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  test('springs back from a short drag and is dismissed by a drag past 80 percent', () => {
    const { onDismiss, card } = renderToast();
    vi.spyOn(card, 'getBoundingClientRect').mockReturnValue({ width: 300 } as DOMRect);
    fireEvent.pointerDown(card, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 200, pointerId: 1 });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(card.style.transform).toBe('translateX(0px)');
    fireEvent.pointerDown(card, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 245, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 245, pointerId: 1 });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
