import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { LiveProvider } from './live-context';
import { createLiveController, type LiveController } from './live-controller';
import { useLiveInterest } from './use-live-interest';

let controller: LiveController;

afterEach(() => {
  cleanup();
  controller.dispose();
});

function Row({ uid }: { uid: string }) {
  useLiveInterest(`row-${uid}`, [`voltline/v1/telemetry/+/${uid}`]);
  return <li>{uid}</li>;
}

function List({ uids }: { uids: string[] }) {
  return (
    <ul>
      {uids.map((uid) => (
        <Row key={uid} uid={uid} />
      ))}
    </ul>
  );
}

function Details({ uid }: { uid: string }) {
  useLiveInterest('details', [`voltline/v1/vehicles/${uid}/acks`, `voltline/v1/vehicles/${uid}/trips`]);
  return null;
}

function renderList(uids: string[]) {
  controller = createLiveController({ sink: () => {} });
  const view = render(
    <LiveProvider controller={controller}>
      <List uids={uids} />
    </LiveProvider>,
  );
  return {
    rerender: (next: string[]) =>
      view.rerender(
        <LiveProvider controller={controller}>
          <List uids={next} />
        </LiveProvider>,
      ),
    unmount: view.unmount,
  };
}

test('each mounted component adds its topics to the interest', () => {
  renderList(['A', 'B']);
  expect(controller.getInterest().sort()).toEqual(['voltline/v1/telemetry/+/A', 'voltline/v1/telemetry/+/B']);
});

test('a component that unmounts releases its topics', () => {
  const view = renderList(['A', 'B']);
  view.rerender(['B']);
  expect(controller.getInterest()).toEqual(['voltline/v1/telemetry/+/B']);
  view.unmount();
  expect(controller.getInterest()).toEqual([]);
});

test('changing the topics of one owner replaces them', () => {
  controller = createLiveController({ sink: () => {} });
  const view = render(
    <LiveProvider controller={controller}>
      <Details uid="A" />
    </LiveProvider>,
  );
  view.rerender(
    <LiveProvider controller={controller}>
      <Details uid="B" />
    </LiveProvider>,
  );
  expect(controller.getInterest().sort()).toEqual(['voltline/v1/vehicles/B/acks', 'voltline/v1/vehicles/B/trips']);
});
