import { Code, NativeSelect, Progress, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { useModelOptions, useOrganisationOptions } from '@/shared/api/lookups';
import { FormModal, ModalForm } from '@/shared/ui/form-modal/form-modal';
import { useServerForm } from '@/shared/ui/form-modal/use-server-form';
import type { FirmwareReleaseInput } from '../api/firmware-api';
import { DEVICE_TYPE_LABELS, SEMVER } from '../lib/release-fields';
import { sha256OfFile } from '../lib/sha256';

export const FIRMWARE_EXTENSIONS = ['.bin', '.hex', '.img', '.fw', '.swu'] as const;
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;

const optionalVersion = z
  .string()
  .trim()
  .refine((v) => v === '' || SEMVER.test(v), 'Use a semantic version such as 3.0.0.');

const schema = z
  .object({
    deviceType: z.enum(['BMS', 'MCU', 'VCU', 'LOGGER'], { message: 'Choose the device kind.' }),
    modelId: z.string(),
    oemId: z.string(),
    version: z
      .string()
      .trim()
      .min(1, 'Enter a version such as 4.1.0.')
      .regex(SEMVER, 'Use a semantic version: MAJOR.MINOR.PATCH, such as 4.1.0 or 4.1.0-rc.1.'),
    file: z.string(),
    notes: z.string().max(4000, 'Release notes must be at most 4000 characters.'),
    compatibleHardware: z.string().max(400, 'At most 400 characters.'),
    currentVersionMin: optionalVersion,
    currentVersionMax: optionalVersion,
  })
  .superRefine((v, ctx) => {
    if (v.deviceType !== 'LOGGER' && !v.modelId)
      ctx.addIssue({ code: 'custom', path: ['modelId'], message: `Choose a ${v.deviceType} model.` });
    if (v.deviceType === 'LOGGER' && !v.oemId)
      ctx.addIssue({ code: 'custom', path: ['oemId'], message: 'Choose the OEM whose loggers take it.' });
  });

/** Why a file cannot be a firmware image, or null. */
export function fileProblem(file: File): string | null {
  if (!FIRMWARE_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext)))
    return `Use a firmware image: ${FIRMWARE_EXTENSIONS.join(', ')}.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > FIRMWARE_MAX_BYTES) return 'The file must be at most 64 MiB.';
  return null;
}

export interface ReleaseUploadModalProps {
  opened: boolean;
  onClose: () => void;
  onSubmit: (body: FirmwareReleaseInput) => Promise<unknown>;
}

/** Upload a firmware release: kind and model, image file (SHA-256 computed here), version, notes, hardware, range. */
export function ReleaseUploadModal({ opened, onClose, onSubmit }: ReleaseUploadModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Upload firmware release" size="lg">
      <ReleaseForm onClose={onClose} onSubmit={onSubmit} />
    </FormModal>
  );
}

interface Hashed {
  name: string;
  size: number;
  sha256: string | null;
  progress: number;
}

function ReleaseForm({ onClose, onSubmit }: Omit<ReleaseUploadModalProps, 'opened'>) {
  const [hashed, setHashed] = useState<Hashed | null>(null);
  const hashRun = useRef(0);
  const server = useServerForm({
    schema,
    defaultValues: {
      deviceType: 'BMS',
      modelId: '',
      oemId: '',
      version: '',
      file: '',
      notes: '',
      compatibleHardware: '',
      currentVersionMin: '',
      currentVersionMax: '',
    },
    onSubmit: async (values, form) => {
      if (!hashed) {
        form.setError('file', { type: 'client', message: 'Choose the firmware image file.' });
        return;
      }
      if (!hashed.sha256) {
        form.setError('file', { type: 'client', message: 'Wait until the checksum is computed.' });
        return;
      }
      await onSubmit({
        deviceType: values.deviceType,
        modelId: values.deviceType === 'LOGGER' ? null : values.modelId,
        ...(values.deviceType === 'LOGGER' ? { oemId: values.oemId } : {}),
        version: values.version.trim(),
        fileName: hashed.name,
        fileSize: hashed.size,
        sha256: hashed.sha256,
        notes: values.notes.trim(),
        compatibleHardware: values.compatibleHardware
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean),
        currentVersionMin: values.currentVersionMin.trim() || null,
        currentVersionMax: values.currentVersionMax.trim() || null,
      });
    },
  });
  const {
    register,
    setError,
    clearErrors,
    setValue,
    watch,
    formState: { errors },
  } = server.form;
  const deviceType = watch('deviceType');
  const models = useModelOptions(deviceType === 'LOGGER' ? 'BMS' : deviceType);
  const oems = useOrganisationOptions('oems');

  const pickFile = async (file: File | undefined) => {
    const run = ++hashRun.current;
    setHashed(null);
    setValue('file', '');
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setError('file', { type: 'client', message: problem });
      return;
    }
    clearErrors('file');
    setValue('file', file.name);
    setHashed({ name: file.name, size: file.size, sha256: null, progress: 0 });
    try {
      const sha256 = await sha256OfFile(file, (progress) => {
        if (run === hashRun.current) setHashed((h) => (h ? { ...h, progress } : h));
      });
      if (run === hashRun.current) setHashed({ name: file.name, size: file.size, sha256, progress: 1 });
    } catch (error) {
      if (run !== hashRun.current) return;
      setHashed(null);
      setValue('file', '');
      setError('file', {
        type: 'client',
        message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const modelOptions = models.data ?? [];
  return (
    <ModalForm
      form={server}
      errorTitle="The release was not uploaded"
      submitLabel="Upload release"
      submitDisabled={Boolean(hashed && !hashed.sha256)}
      onCancel={onClose}
    >
      <SimpleGrid cols={2}>
        <NativeSelect
          label="Device kind"
          withAsterisk
          {...register('deviceType')}
          error={errors.deviceType?.message}
          data={Object.entries(DEVICE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {deviceType === 'LOGGER' ? (
          <NativeSelect
            label="OEM"
            withAsterisk
            {...register('oemId')}
            error={errors.oemId?.message}
            data={[{ value: '', label: oems.isLoading ? 'Loading…' : 'Choose the OEM' }, ...(oems.data ?? [])]}
          />
        ) : (
          <NativeSelect
            label="Model"
            withAsterisk
            {...register('modelId')}
            error={errors.modelId?.message ?? (models.isError ? 'The models could not be loaded.' : undefined)}
            data={[
              { value: '', label: models.isLoading ? 'Loading…' : `Choose a ${deviceType} model` },
              ...modelOptions,
            ]}
          />
        )}
      </SimpleGrid>
      <TextInput
        label="Version"
        withAsterisk
        placeholder="4.1.0"
        description="Semantic version, newer than the release it replaces"
        {...register('version')}
        error={errors.version?.message}
      />
      <TextInput
        type="file"
        label="Firmware image"
        withAsterisk
        description={`${FIRMWARE_EXTENSIONS.join(', ')}; at most 64 MiB. The SHA-256 is computed in your browser.`}
        accept={FIRMWARE_EXTENSIONS.join(',')}
        onChange={(e) => void pickFile(e.currentTarget.files?.[0])}
        error={errors.file?.message}
      />
      {hashed ? (
        <Stack gap={4}>
          <Progress.Root>
            <Progress.Section
              value={Math.round(hashed.progress * 100)}
              aria-label={`Checksum of ${hashed.name}`}
              animated={!hashed.sha256}
              striped={!hashed.sha256}
            />
          </Progress.Root>
          <Text size="xs" c="dimmed">
            {hashed.sha256 ? (
              <>
                SHA-256 <Code data-testid="release-sha256">{hashed.sha256}</Code> · {hashed.size.toLocaleString('en')}{' '}
                bytes
              </>
            ) : (
              `Computing the SHA-256 of ${hashed.name}… ${Math.round(hashed.progress * 100)} %`
            )}
          </Text>
        </Stack>
      ) : null}
      <Textarea label="Release notes" autosize minRows={3} {...register('notes')} error={errors.notes?.message} />
      <TextInput
        label="Compatible hardware"
        description="Hardware revisions, separated by commas"
        placeholder="rev-B, rev-C"
        {...register('compatibleHardware')}
        error={errors.compatibleHardware?.message}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Current version from"
          description="Lowest version that may take it"
          placeholder="3.0.0"
          {...register('currentVersionMin')}
          error={errors.currentVersionMin?.message}
        />
        <TextInput
          label="Current version up to"
          description="Highest; empty for any"
          {...register('currentVersionMax')}
          error={errors.currentVersionMax?.message}
        />
      </SimpleGrid>
    </ModalForm>
  );
}
