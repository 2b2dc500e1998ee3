import { Alert, Button, Card, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import { ApiError } from '@/shared/api/api-error';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useCan } from '@/state/use-can';
import { useCompanySettings, useRemoveLogo, useSaveLogo } from '../api/settings-api';
import { LOGO_ACCEPT, logoFileProblem, readAsDataUrl } from '../lib/logo-file';

/** The company logo: the current one, a checked upload with a preview before saving, and removal (confirmed). */
export function LogoSection() {
  const can = useCan();
  const settings = useCompanySettings();
  const save = useSaveLogo();
  const remove = useRemoveLogo();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const choose = async (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    const problem = logoFileProblem(next);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      setPreview(await readAsDataUrl(next));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const upload = async () => {
    if (!file || !preview) {
      setError(error ?? 'Choose an image first.');
      return;
    }
    try {
      await save.mutateAsync({ dataUrl: preview, fileName: file.name });
      notify.success('Saved the company logo');
      setFile(null);
      setPreview(null);
    } catch (e) {
      setError(e instanceof ApiError && e.fieldErrors?.logo ? e.fieldErrors.logo : errorMessage(e));
    }
  };

  return (
    <QueryState query={settings} what="settings">
      {(data) => (
        <Card withBorder radius="md" padding="lg" maw={640}>
          <Stack gap="md">
            <div>
              <Text fw={600}>Company logo</Text>
              <Text size="sm" c="dimmed">
                Shown in the portal header and on e-mails. PNG, JPEG or WebP, at most 512 KB.
              </Text>
            </div>
            <Group align="flex-start" gap="lg">
              <Stack gap={4} align="center">
                {data.logo ? (
                  <Image src={data.logo.dataUrl} alt="Current company logo" h={80} w="auto" maw={220} fit="contain" />
                ) : (
                  <Group h={80} w={160} justify="center" bg="gray.1" style={{ borderRadius: 8 }}>
                    <IconPhoto size={32} aria-hidden />
                  </Group>
                )}
                <Text size="xs" c="dimmed">
                  {data.logo ? `${data.logo.fileName}, ${formatDateTime(data.logo.updatedAt)}` : 'No logo yet'}
                </Text>
              </Stack>
              {preview ? (
                <Stack gap={4} align="center">
                  <Image src={preview} alt="Preview of the new logo" h={80} w="auto" maw={220} fit="contain" />
                  <Text size="xs" c="dimmed">
                    Preview (not saved yet)
                  </Text>
                </Stack>
              ) : null}
            </Group>
            {can('s.logo', ACTION.UPDATE) ? (
              <>
                <FileInput
                  label="New logo"
                  description="Choose a PNG, JPEG or WebP file; you see a preview before saving."
                  accept={LOGO_ACCEPT.join(',')}
                  value={file}
                  onChange={(f) => void choose(f)}
                  error={error}
                  clearable
                />
                <Group>
                  <Button onClick={upload} loading={save.isPending} disabled={!preview}>
                    Save logo
                  </Button>
                  {data.logo && can('s.logo', ACTION.DELETE) ? (
                    <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                      Remove logo
                    </Button>
                  ) : null}
                </Group>
              </>
            ) : (
              <Alert color="gray">You can see the logo but not change it.</Alert>
            )}
          </Stack>
          <ConfirmDialog
            opened={confirming}
            title="Remove the logo"
            message="Remove the company logo? The portal shows the product name instead."
            confirmLabel="Remove logo"
            busy={remove.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={async () => {
              try {
                await remove.mutateAsync();
                notify.success('Removed the company logo');
                setConfirming(false);
              } catch (e) {
                notify.error('Could not remove the logo', { description: errorMessage(e) });
              }
            }}
          />
        </Card>
      )}
    </QueryState>
  );
}
