import { Button, Loader, Modal } from '@mantine/core';
import { IconCopy, IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { RULE_SCOPE_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { RULE_DEVICE_KINDS } from '@/domain/rules';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import {
  type ApiRule,
  type RuleInput,
  useDeleteRule,
  useRuleAction,
  useRuleList,
  useSaveRule,
  useTelemetryKeyLabels,
} from '@/features/rules/api/rule-api';
import { ruleColumns } from '@/features/rules/components/rule-columns';
import { draftOf, newRuleDraft } from '@/features/rules/lib/rule-draft';

/** The rule builder loads when it opens, not with the list. */
const RuleForm = lazy(() => import('@/features/rules/components/rule-form').then((m) => ({ default: m.RuleForm })));

const FILTER_KEYS = ['enabled', 'scope', 'deviceKind'] as const;
const FILTER_DEFS: FilterDef[] = [
  {
    key: 'enabled',
    label: 'State',
    options: [
      { value: 'true', label: 'Enabled' },
      { value: 'false', label: 'Disabled' },
    ],
  },
  {
    key: 'scope',
    label: 'Scope',
    options: Object.entries(RULE_SCOPE_LABELS).map(([value, label]) => ({ value, label })),
  },
  { key: 'deviceKind', label: 'Device kind', options: RULE_DEVICE_KINDS.map((k) => ({ value: k, label: k })) },
];
const getRuleId = (r: ApiRule) => r.id;
const rowLabel = (r: ApiRule) => `Rule ${r.name}`;

type Editing = { mode: 'add' } | { mode: 'edit'; rule: ApiRule } | null;

/** Rules that raise notifications, commands and tickets: list, builder, test, enable/disable, clone, delete. */
export function RuleManagementPage({ route }: RoutePageProps) {
  const can = useCan();
  const user = useAppState((s) => s.auth.user);
  const roleType = user ? roleTypeOf(user.role) : null;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ApiRule | null>(null);
  const save = useSaveRule(editing?.mode === 'edit' ? editing.rule.id : null);
  const action = useRuleAction();
  const remove = useDeleteRule();
  const keyLabels = useTelemetryKeyLabels().data;

  const may = (bit: number) => can('rule.l', bit);
  const runAction = (rule: ApiRule, kind: 'clone' | 'enable' | 'disable') =>
    action.mutate(
      { id: rule.id, action: kind },
      {
        onSuccess: (r) =>
          notify.success(
            kind === 'clone'
              ? `Cloned as ${r.name} (disabled)`
              : `${kind === 'enable' ? 'Enabled' : 'Disabled'} ${rule.name}`,
          ),
        onError: (e) => notify.error(`Could not ${kind} ${rule.name}`, { description: errorMessage(e) }),
      },
    );

  const actionsFor = (rule: ApiRule): RowAction[] => {
    const list: RowAction[] = [];
    if (may(ACTION.UPDATE))
      list.push({ label: 'Edit', icon: <IconEdit size={14} />, onClick: () => setEditing({ mode: 'edit', rule }) });
    if (may(ACTION.CLONE))
      list.push({ label: 'Clone', icon: <IconCopy size={14} />, onClick: () => runAction(rule, 'clone') });
    if (may(ACTION.CHANGE_STATUS))
      list.push(
        rule.enabled
          ? { label: 'Disable', icon: <IconPlayerPause size={14} />, onClick: () => runAction(rule, 'disable') }
          : { label: 'Enable', icon: <IconPlayerPlay size={14} />, onClick: () => runAction(rule, 'enable') },
      );
    if (may(ACTION.DELETE))
      list.push({ label: 'Delete', icon: <IconTrash size={14} />, color: 'red', onClick: () => setDeleting(rule) });
    return list;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` and stable mutation objects
  const columns = useMemo(
    () => ruleColumns((r) => <RowActions name={r.name} actions={actionsFor(r)} />, keyLabels),
    [can, keyLabels],
  );

  const submit = async (input: RuleInput) => {
    const saved = await save.mutateAsync(input);
    notify.success(editing?.mode === 'edit' ? `Saved ${saved.name}` : `Added rule ${saved.name}`);
    setEditing(null);
  };

  return (
    <>
      <PageHeader
        title={route.title}
        description="Rules watch telemetry and faults and send notifications, commands and tickets."
        actions={
          may(ACTION.ADD) ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
              Add rule
            </Button>
          ) : null
        }
      />
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useRuleList}
        searchLabel="Search rules"
        filterDefs={FILTER_DEFS}
        label="Rules"
        tableId="rules"
        columns={columns}
        getRowId={getRuleId}
        rowLabel={rowLabel}
        emptyText="No rule matches. Add one to be told when telemetry or faults need attention."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit rule ${editing.rule.name}` : 'Add rule'}
        size="80rem"
        closeOnClickOutside={false}
      >
        {editing ? (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the rule builder" />}>
            <RuleForm
              key={editing.mode === 'edit' ? editing.rule.id : 'new'}
              initial={
                editing.mode === 'edit'
                  ? draftOf(editing.rule)
                  : { ...newRuleDraft(user?.oemId ?? ''), scope: roleType === 'platform' || roleType === 'oem' ? 1 : 3 }
              }
              choosesOem={roleType === 'platform'}
              wideScopes={roleType === 'platform' || roleType === 'oem'}
              editing={editing.mode === 'edit'}
              onSubmit={submit}
              onCancel={() => setEditing(null)}
            />
          </Suspense>
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete rule"
        message={`Delete ${deleting?.name ?? 'this rule'}? It stops firing; the notifications it sent stay in the history.`}
        confirmLabel="Delete rule"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const rule = deleting;
          remove.mutate(rule.id, {
            onSuccess: () => {
              notify.success(`Deleted ${rule.name}`);
              setDeleting(null);
            },
            onError: (e) => notify.error(`Could not delete ${rule.name}`, { description: errorMessage(e) }),
          });
        }}
      />
    </>
  );
}
