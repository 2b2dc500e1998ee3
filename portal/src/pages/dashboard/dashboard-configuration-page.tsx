import { Alert, Badge, Button, Card, Group, Loader, Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { GRID_COLUMNS, type PanelPlacement, panelsAllowed } from '@/domain/dashboard-panels';
import { ACTION } from '@/domain/permissions';
import {
  type ApiDashboard,
  useCreateDashboard,
  useDashboards,
  useDeleteDashboard,
  useResetDashboards,
  useUpdateDashboard,
} from '@/features/dashboards/api/dashboards';
import { TimeRangePicker } from '@/features/dashboards/components/time-range-picker';
import { useDashboardRange } from '@/features/dashboards/hooks/use-dashboard-range';
import { toApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryState } from '@/shared/ui/query-state';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { dashboardPanelBodies } from './panel-bodies';

// react-grid-layout is loaded with the editor only, never with the dashboards or the initial bundle.
const DashboardEditorGrid = lazy(() => import('@/features/dashboards/components/dashboard-editor-grid'));

const bottomOf = (panels: readonly PanelPlacement[]) => panels.reduce((m, p) => Math.max(m, p.y + p.h), 0);

/** The name dialog of Add and Rename: validates, keeps what was typed when the save fails. */
function NameDialog({
  opened,
  title,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);
  async function submit() {
    const trimmed = name.trim();
    if (trimmed === '') return setError('Enter a name.');
    if (trimmed.length > 60) return setError('Use at most 60 characters.');
    setSaving(true);
    try {
      await onSave(trimmed);
      onClose();
    } catch (e) {
      const err = toApiError(e);
      setError(err.fieldErrors?.name ?? err.message);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/**
 * Dashboard configuration (issue 22 item 2): the caller's dashboards (spec §3 dashboardConfig) — add, rename, delete
 * with confirmation, reset to the role default — and the panels of one on a grid: add from the catalogue of panels the
 * role may see, remove, drag and resize (keyboard too), save.
 */
export function DashboardConfigurationPage({ route }: RoutePageProps) {
  const permissions = useAppState((s) => s.auth.permissions);
  const can = useCan();
  const catalogue = useMemo(() => panelsAllowed(permissions), [permissions]);
  const dashboards = useDashboards();
  const create = useCreateDashboard();
  const update = useUpdateDashboard();
  const remove = useDeleteDashboard();
  const reset = useResetDashboards();
  const [range, setRange] = useDashboardRange();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<PanelPlacement[] | null>(null);
  const [dialog, setDialog] = useState<'add' | 'rename' | 'delete' | 'reset' | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const list = dashboards.data ?? [];
  const selected: ApiDashboard | undefined = list.find((d) => d.id === selectedId) ?? list[0];
  const panels = draft ?? (selected?.panels as PanelPlacement[] | undefined) ?? [];
  const dirty = draft !== null;
  const mayWrite = can('dc', ACTION.UPDATE);
  const mayAdd = can('dc', ACTION.ADD);

  function select(id: string) {
    if (dirty && !window.confirm('Discard the unsaved layout?')) return;
    setDraft(null);
    setSaveError(null);
    setSelectedId(id);
  }

  function addPanel(panelId: PanelPlacement['panel']) {
    const spec = catalogue.find((p) => p.id === panelId);
    if (!spec) return;
    const id = `p-${panelId}-${Math.random().toString(36).slice(2, 8)}`;
    setDraft([
      ...panels,
      { id, panel: panelId, x: 0, y: bottomOf(panels), w: Math.min(spec.w, GRID_COLUMNS), h: spec.h },
    ]);
  }

  async function save() {
    if (!selected) return;
    setSaveError(null);
    try {
      const saved = selected.builtIn
        ? await create.mutateAsync({ name: selected.name, panels })
        : await update.mutateAsync({ id: selected.id, patch: { panels } });
      setSelectedId(saved.id);
      setDraft(null);
      notify.success('Layout saved');
    } catch (e) {
      setSaveError(toApiError(e).message);
    }
  }

  return (
    <>
      <PageHeader
        title={route.title}
        description="Arrange the dashboards you see: which panels, where and how large."
      />
      <QueryState query={dashboards} what="your dashboards">
        {() => (
          <Group align="flex-start" gap="md" wrap="nowrap">
            <Stack w={260} gap="sm" style={{ flexShrink: 0 }}>
              <Card withBorder padding="xs">
                <Text fw={700} size="sm" mb={4} id="dash-list-label">
                  Your dashboards
                </Text>
                <nav aria-labelledby="dash-list-label">
                  {list.map((d) => (
                    <NavLink
                      key={d.id}
                      component="button"
                      label={d.name}
                      description={
                        <Text span size="xs" c="gray.8">
                          {d.builtIn ? 'Default for your role' : `${d.panels.length} panels`}
                        </Text>
                      }
                      active={d.id === selected?.id}
                      aria-current={d.id === selected?.id ? 'true' : undefined}
                      onClick={() => select(d.id)}
                    />
                  ))}
                </nav>
                <Stack gap={4} mt="xs">
                  {mayAdd ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => setDialog('add')}
                    >
                      Add dashboard
                    </Button>
                  ) : null}
                  {selected && !selected.builtIn && mayWrite ? (
                    <Button size="xs" variant="default" onClick={() => setDialog('rename')}>
                      Rename
                    </Button>
                  ) : null}
                  {selected && !selected.builtIn && can('dc', ACTION.DELETE) ? (
                    <Button size="xs" variant="default" color="red" onClick={() => setDialog('delete')}>
                      Delete
                    </Button>
                  ) : null}
                  {can('dc', ACTION.RESET) && list.some((d) => !d.builtIn) ? (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDialog('reset')}>
                      Reset to default
                    </Button>
                  ) : null}
                </Stack>
              </Card>
              <Card withBorder padding="xs">
                <Text fw={700} size="sm" mb={4}>
                  Panel catalogue
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  Only the panels your role may see.
                </Text>
                <Stack gap={4}>
                  {catalogue.map((p) => (
                    <Button
                      key={p.id}
                      size="xs"
                      variant="default"
                      justify="space-between"
                      rightSection={<IconPlus size={14} />}
                      disabled={!mayWrite && !mayAdd}
                      aria-label={`Add panel ${p.title}`}
                      title={p.description}
                      onClick={() => addPanel(p.id)}
                    >
                      {p.title}
                    </Button>
                  ))}
                </Stack>
              </Card>
            </Stack>
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" align="flex-end">
                <Group gap="xs">
                  <Text fw={700}>{selected?.name}</Text>
                  {selected?.builtIn ? <Badge variant="light">Default</Badge> : null}
                  {dirty ? <Badge color="orange">Unsaved changes</Badge> : null}
                </Group>
                <Group gap="sm" align="flex-end">
                  <TimeRangePicker value={range} onChange={setRange} />
                  <Button variant="default" disabled={!dirty} onClick={() => setDraft(null)}>
                    Discard
                  </Button>
                  <Button
                    disabled={!dirty || !(selected?.builtIn ? mayAdd : mayWrite)}
                    loading={create.isPending || update.isPending}
                    onClick={() => void save()}
                  >
                    Save layout
                  </Button>
                </Group>
              </Group>
              {saveError ? (
                <Alert color="red" role="alert" title="The layout could not be saved">
                  {saveError}
                </Alert>
              ) : null}
              {panels.length === 0 ? (
                <Text c="dimmed">This dashboard has no panels yet: add some from the catalogue.</Text>
              ) : (
                <Suspense fallback={<Loader aria-label="Loading the layout editor" />}>
                  <DashboardEditorGrid
                    panels={panels}
                    onChange={setDraft}
                    onRemove={(id) => setDraft(panels.filter((p) => p.id !== id))}
                    range={range}
                    bodies={dashboardPanelBodies}
                  />
                </Suspense>
              )}
            </Stack>
          </Group>
        )}
      </QueryState>
      <NameDialog
        opened={dialog === 'add'}
        title="Add a dashboard"
        initial=""
        onClose={() => setDialog(null)}
        onSave={async (name) => {
          const created = await create.mutateAsync({ name, panels: [] });
          setDraft(null);
          setSelectedId(created.id);
        }}
      />
      <NameDialog
        opened={dialog === 'rename'}
        title="Rename the dashboard"
        initial={selected?.name ?? ''}
        onClose={() => setDialog(null)}
        onSave={async (name) => {
          if (selected) await update.mutateAsync({ id: selected.id, patch: { name } });
        }}
      />
      <Modal
        opened={dialog === 'delete' || dialog === 'reset'}
        onClose={() => setDialog(null)}
        title={dialog === 'reset' ? 'Reset to default?' : 'Delete the dashboard?'}
      >
        <Text size="sm">
          {dialog === 'reset'
            ? 'Every dashboard you saved is deleted and the default of your role shows again.'
            : `${selected?.name ?? 'The dashboard'} and its layout are deleted.`}
        </Text>
        {remove.isError || reset.isError ? (
          <Alert color="red" role="alert" mt="sm">
            {toApiError(remove.error ?? reset.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDialog(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending || reset.isPending}
            onClick={async () => {
              try {
                if (dialog === 'reset') await reset.mutateAsync();
                else if (selected) await remove.mutateAsync(selected.id);
                setDraft(null);
                setSelectedId(null);
                setDialog(null);
              } catch {
                // Shown in the dialog.
              }
            }}
          >
            {dialog === 'reset' ? 'Reset' : 'Delete'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
