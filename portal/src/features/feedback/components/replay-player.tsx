import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { Replayer } from 'rrweb';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { type ApiFeedbackReplay, type ApiFeedbackReport, useFeedbackReplay } from '../api/feedback-reports';

/** rrweb's player and its stylesheet, loaded only when a replay is opened (rrweb is half a megabyte). */
export const loadRrweb = () => Promise.all([import('rrweb'), import('rrweb/dist/style.css')]).then(([rrweb]) => rrweb);

const clock = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

type PlayerState = { status: 'loading' } | { status: 'ready'; total: number } | { status: 'failed'; message: string };

/**
 * rrweb's Replayer over the recorded events, scaled to the page's width. The recording is rebuilt in rrweb's own
 * sandboxed frame (no scripts run); play, pause and restart, with the time played.
 */
function Player({ replay }: { replay: ApiFeedbackReplay }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<Replayer | null>(null);
  const [state, setState] = useState<PlayerState>({ status: 'loading' });
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const width = replay.width ?? 1280;
  const height = replay.height ?? 800;
  const [scale, setScale] = useState(1);

  useEffect(() => {
    let cancelled = false;
    let instance: Replayer | null = null;
    loadRrweb()
      .then(({ Replayer: ReplayerClass }) => {
        const root = host.current;
        if (cancelled || !root) return;
        instance = new ReplayerClass(replay.events as never[], { root, mouseTail: false, skipInactive: true });
        instance.on('finish', () => setPlaying(false));
        player.current = instance;
        setScale(Math.min(1, (root.parentElement?.clientWidth || width) / width));
        setState({ status: 'ready', total: instance.getMetaData().totalTime });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
      instance?.destroy();
      player.current = null;
    };
  }, [replay, width]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setTime(player.current?.getCurrentTime() ?? 0), 250);
    return () => clearInterval(timer);
  }, [playing]);

  const play = () => {
    const current = player.current;
    if (!current || state.status !== 'ready') return;
    current.play(time >= state.total ? 0 : time);
    setPlaying(true);
  };
  const pause = () => {
    player.current?.pause();
    setTime(player.current?.getCurrentTime() ?? 0);
    setPlaying(false);
  };
  const restart = () => {
    player.current?.play(0);
    setTime(0);
    setPlaying(true);
  };

  return (
    <>
      {state.status === 'failed' ? (
        <Alert color="red" title="The replay could not be played" role="alert">
          {state.message}
        </Alert>
      ) : null}
      <Group mb="xs" gap="xs">
        {playing ? (
          <Button size="xs" onClick={pause}>
            Pause
          </Button>
        ) : (
          <Button size="xs" onClick={play} disabled={state.status !== 'ready'}>
            Play
          </Button>
        )}
        <Button size="xs" variant="default" onClick={restart} disabled={state.status !== 'ready'}>
          Restart
        </Button>
        <Text size="sm" c="dimmed" aria-live="off">
          {state.status === 'ready' ? `${clock(time)} / ${clock(state.total)}` : 'Loading the player…'}
        </Text>
      </Group>
      <div
        style={{
          width: width * scale,
          height: height * scale,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <div
          ref={host}
          data-testid="replay-stage"
          style={{ width, height, transform: `scale(${scale})`, transformOrigin: 'top left', position: 'relative' }}
        />
      </div>
    </>
  );
}

/** The report's session replay: what was recorded, and the player once asked for (its events load then). */
export function ReplayPlayer({ reportId, replay }: { reportId: string; replay: ApiFeedbackReport['replay'] }) {
  const [open, setOpen] = useState(false);
  const query = useFeedbackReplay(reportId, open);
  if (!replay) {
    return (
      <Text c="dimmed" size="sm">
        No session replay was sent with this report.
      </Text>
    );
  }
  const recorded = `${replay.eventCount.toLocaleString('en')} recorded events${
    replay.startDate ? ` from ${formatDateTime(replay.startDate, true)}` : ''
  }`;
  if (!open) {
    return (
      <Group>
        <Text size="sm">{recorded}.</Text>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          Play the replay
        </Button>
      </Group>
    );
  }
  if (query.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the replay" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The replay could not be loaded" role="alert">
        {toApiError(query.error).message}
      </Alert>
    );
  }
  return (
    <>
      <Text size="sm" mb="xs">
        {recorded}.
      </Text>
      <Player replay={query.data} />
    </>
  );
}
