import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  assignableRolesFor,
  COMPONENT_KIND_LABELS,
  COMPONENT_KINDS,
  type ComponentKind,
  GRANTEE_TYPE_LABELS,
  GRANTEE_TYPE_OF_ROLE,
  type GrantTarget,
} from '@/domain/access-grants';
import { ROLE_LABELS, type RoleCode } from '@/domain/roles';
import { ApiError } from '@/shared/api/api-error';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import type { AccessGrant, AccessGrantInput, GrantArea } from '../api/access-grants-api';
import { expiryOf, type GrantFormErrors, type GrantFormValues, todayIso, validateGrant } from '../lib/grant-form';
import { CandidateSelect } from './candidate-select';

const ACCESS_TARGETS: { value: GrantTarget; label: string }[] = [
  { value: 'vehicle', label: 'Vehicle' },
  { value: 'model', label: 'Model' },
  { value: 'deviceKind', label: 'Device kind' },
];

export interface GrantFormModalProps {
  area: GrantArea;
  onClose: () => void;
  onSubmit: (body: AccessGrantInput) => Promise<AccessGrant>;
}

const FIELD_OF_SERVER: Record<string, keyof GrantFormValues> = {
  target: 'target',
  kind: 'kind',
  targetId: 'targetId',
  roleCode: 'roleCode',
  granteeId: 'granteeId',
  expiresAt: 'expiresOn',
  note: 'note',
};

/** Grant access: what (vehicle, model, device kind or an OEM's fleet), the role from spec §6's list, who, until when. */
export function GrantFormModal({ area, onClose, onSubmit }: GrantFormModalProps) {
  const [values, setValues] = useState<GrantFormValues>({
    target: area === 'oem' ? 'oem' : 'vehicle',
    kind: 'ev',
    targetId: '',
    roleCode: '',
    granteeId: '',
    expiresOn: '',
    note: '',
  });
  const [errors, setErrors] = useState<GrantFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = assignableRolesFor(values.target, values.kind);
  const granteeType = values.roleCode ? GRANTEE_TYPE_OF_ROLE[values.roleCode] : undefined;

  const set = <K extends keyof GrantFormValues>(
    key: K,
    value: GrantFormValues[K],
    reset: (keyof GrantFormValues)[] = [],
  ) => {
    setValues((v) => ({ ...v, [key]: value, ...Object.fromEntries(reset.map((r) => [r, ''])) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateGrant(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        kind: values.kind,
        target: values.target,
        targetId: values.target === 'deviceKind' ? null : values.targetId,
        roleCode: values.roleCode as RoleCode,
        granteeId: values.granteeId,
        expiresAt: expiryOf(values.expiresOn),
        note: values.note.trim() || null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const mapped: GrantFormErrors = {};
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const mine = FIELD_OF_SERVER[field];
          if (mine) mapped[mine] = message;
        }
        setErrors(mapped);
        if (Object.keys(mapped).length === 0) setFormError(error.message);
      } else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={area === 'oem' ? 'Grant OEM access' : 'Grant access'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          {area === 'access' ? (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="grant-target-label">
                  Access to
                </Text>
                <SegmentedControl
                  aria-labelledby="grant-target-label"
                  data={ACCESS_TARGETS}
                  value={values.target}
                  onChange={(v) => {
                    set('target', v as GrantTarget, ['targetId', 'roleCode', 'granteeId']);
                    // EV is not a device kind (decision 0089).
                    if (v === 'deviceKind' && values.kind === 'ev') set('kind', 'bms');
                  }}
                />
              </Stack>
              <NativeSelect
                label="Component kind"
                data={COMPONENT_KINDS.filter((k) => values.target !== 'deviceKind' || k !== 'ev').map((k) => ({
                  value: k,
                  label: COMPONENT_KIND_LABELS[k],
                }))}
                value={values.kind}
                onChange={(e) =>
                  set('kind', e.currentTarget.value as ComponentKind, ['targetId', 'roleCode', 'granteeId'])
                }
                error={errors.kind}
              />
              {values.target === 'vehicle' ? (
                <CandidateSelect
                  label="Vehicle"
                  query={{ type: 'vehicle' }}
                  value={values.targetId}
                  onChange={(v) => set('targetId', v)}
                  error={errors.targetId}
                  placeholder="Search registration or VIN"
                />
              ) : values.target === 'model' ? (
                <CandidateSelect
                  key={values.kind}
                  label={`${COMPONENT_KIND_LABELS[values.kind]} model`}
                  query={{ type: 'model', kind: values.kind }}
                  value={values.targetId}
                  onChange={(v) => set('targetId', v)}
                  error={errors.targetId}
                  placeholder="Search models"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Every {COMPONENT_KIND_LABELS[values.kind]} device: the component admin gets the{' '}
                  {COMPONENT_KIND_LABELS[values.kind]} admin's permissions as well as their own.
                </Text>
              )}
            </>
          ) : (
            <CandidateSelect
              label="OEM"
              query={{ type: 'oem' }}
              value={values.targetId}
              onChange={(v) => set('targetId', v, ['granteeId'])}
              error={errors.targetId}
              placeholder="Search OEMs"
            />
          )}
          <NativeSelect
            label="Role"
            withAsterisk
            data={[{ value: '', label: 'Choose a role' }, ...roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]}
            value={values.roleCode}
            onChange={(e) => set('roleCode', e.currentTarget.value as RoleCode | '', ['granteeId'])}
            error={errors.roleCode}
            description="Only the roles that may hold this kind of access are offered."
          />
          <CandidateSelect
            key={`${values.roleCode}-${values.target === 'oem' ? values.targetId : ''}`}
            label={granteeType ? GRANTEE_TYPE_LABELS[granteeType] : 'Grantee'}
            query={{
              type: 'grantee',
              ...(values.roleCode ? { roleCode: values.roleCode } : {}),
              ...(area === 'oem' && values.targetId ? { oemId: values.targetId } : {}),
            }}
            value={values.granteeId}
            onChange={(v) => set('granteeId', v)}
            error={errors.granteeId}
            disabled={!values.roleCode}
            placeholder={values.roleCode ? 'Type to search' : 'Choose a role first'}
          />
          <TextInput
            type="date"
            label="Expires on"
            description="Leave empty for no expiry. Access ends at the end of that day."
            min={todayIso()}
            value={values.expiresOn}
            onChange={(e) => set('expiresOn', e.currentTarget.value)}
            error={errors.expiresOn}
          />
          <Textarea
            label="Note"
            description="Why the access is given (at most 200 characters)."
            autosize
            minRows={2}
            value={values.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            error={errors.note}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Grant access
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
