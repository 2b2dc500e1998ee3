import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import type { AuditChainCheck } from '../api/verify-audit-chain';

const REASONS: Record<NonNullable<AuditChainCheck['broken']>['reason'], string> = {
  hash_mismatch: 'its content does not match its hash (it was changed after it was written)',
  link_mismatch: 'it does not hold the hash of the entry before it',
  sequence_gap: 'the entry at this position is missing',
};

export interface VerifyChainButtonProps {
  busy: boolean;
  onVerify: () => void;
}

export function VerifyChainButton({ busy, onVerify }: VerifyChainButtonProps) {
  return (
    <Button variant="default" leftSection={<IconShieldCheck size={16} />} loading={busy} onClick={onVerify}>
      Verify chain
    </Button>
  );
}

export interface ChainCheckResultProps {
  result: AuditChainCheck | undefined;
  error: Error | null;
  onShowEntry: (entryId: string) => void;
  onDismiss: () => void;
}

/** What the last "Verify chain" found: intact, or the first entry where it breaks and why. */
export function ChainCheckResult({ result, error, onShowEntry, onDismiss }: ChainCheckResultProps) {
  if (error) {
    return (
      <Alert color="red" title="Could not verify the chain" withCloseButton onClose={onDismiss} mb="md">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!result) return null;
  if (result.ok) {
    return (
      <Alert color="green" title="Chain intact" withCloseButton onClose={onDismiss} mb="md">
        All {result.total} entries hold their hash and the hash of the entry before them.
      </Alert>
    );
  }
  const broken = result.broken;
  return (
    <Alert
      color="red"
      title={`Chain broken at entry #${broken?.seq}`}
      withCloseButton
      onClose={onDismiss}
      mb="md"
      role="alert"
    >
      <Text size="sm">
        Entries #1 to #{result.checked} hold. At entry #{broken?.seq}, {broken ? REASONS[broken.reason] : ''}. Every
        entry after it is unverified ({result.total - result.checked} of {result.total}).
      </Text>
      {broken?.entryId ? (
        <Anchor component="button" size="sm" onClick={() => onShowEntry(broken.entryId as string)}>
          Show entry #{broken.seq}
        </Anchor>
      ) : null}
    </Alert>
  );
}
