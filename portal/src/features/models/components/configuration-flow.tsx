import { Alert, Center, Loader, Paper, Stepper, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACTION } from '@/domain/permissions';
import { MODEL_CONFIGURATION_STEPS, type ModelConfigurationStepId } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { useAppStoreApi } from '@/state/store-context';
import { toApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { useCreateModel } from '../api/create-model';
import { useModel } from '../api/get-model';
import type { Model, ModelKind, ModelPatch } from '../api/model-types';
import { useUpdateModel } from '../api/update-model';
import { kindPermissionKey, MODEL_KINDS, modelPath } from '../lib/model-kinds';
import { CommandsStep } from './commands-step';
import { ConfigurationsStep } from './configurations-step';
import { FaultsStep } from './faults-step';
import { type InformationOutput, InformationStep } from './information-step';
import { MasterDataStep } from './master-data-step';
import type { SaveIntent, StepProps } from './step-props';
import { TelemetryStep } from './telemetry-step';

const LAST_STEP = MODEL_CONFIGURATION_STEPS.length as ModelConfigurationStepId;

const LATER_STEPS: Record<Exclude<ModelConfigurationStepId, 1>, (props: StepProps) => ReactNode> = {
  2: MasterDataStep,
  3: CommandsStep,
  4: FaultsStep,
  5: ConfigurationsStep,
  6: TelemetryStep,
};

/** The furthest step a model may open: every step of a published model, up to the saved step of a draft. */
function reachableStep(model: Model | undefined): ModelConfigurationStepId {
  if (!model) return 1;
  return (model.status === 1 ? LAST_STEP : model.configurationStep) as ModelConfigurationStepId;
}

function kindFrom(value: string | null): ModelKind | null {
  return MODEL_KINDS.find((k) => k === value) ?? null;
}

/**
 * The six-step configuration flow of one model (`?model=<id>&step=<n>`), or of a new one (`?kind=` preselects its
 * kind). Every step validates before it saves; a draft remembers its step so it resumes there.
 */
export function ConfigurationFlow() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const store = useAppStoreApi();
  const can = useCan();
  const modelId = params.get('model');
  const query = useModel(modelId);
  const create = useCreateModel();
  const update = useUpdateModel();
  const model = modelId ? query.data : undefined;
  const requested = Number(params.get('step'));
  const step = (
    Number.isInteger(requested) && requested >= 1 ? Math.min(requested, reachableStep(model)) : 1
  ) as ModelConfigurationStepId;

  const goTo = (next: number, id = modelId) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        if (id) nextParams.set('model', id);
        nextParams.delete('kind');
        nextParams.set('step', String(next));
        return nextParams;
      },
      { replace: true },
    );

  /** Where a draft resumes after saving this step: never behind a step it already reached. */
  const resumeStepAfter = (current: Model, intent: SaveIntent) => {
    if (current.status === 1) return LAST_STEP;
    const wanted = intent === 'next' ? Math.min(step + 1, LAST_STEP) : step;
    return Math.max(current.configurationStep, wanted);
  };

  const afterSave = (saved: Model, intent: SaveIntent) => {
    // The model being configured, for screens that follow the flow (spec §3 "model: model_data").
    store.getState().setModelData({ id: saved.id, kind: saved.kind, configurationStep: saved.configurationStep });
    if (intent === 'draft') {
      notify.success(saved.status === 1 ? 'Model saved' : 'Draft saved', {
        description: saved.status === 1 ? undefined : `It resumes at step ${saved.configurationStep}.`,
      });
      if (!modelId) goTo(step, saved.id);
      return;
    }
    if (step === LAST_STEP) {
      notify.success(`${saved.name} is published`);
      navigate(modelPath(saved.kind, saved.id));
      return;
    }
    goTo(step + 1, saved.id);
  };

  const handleInformation = async (values: InformationOutput, intent: SaveIntent) => {
    const vehicleType = values.kind === 'EV' && values.vehicleType ? values.vehicleType : undefined;
    if (!model) {
      const created = await create.mutateAsync({
        kind: values.kind,
        name: values.name,
        code: values.code,
        oemId: values.oemId,
        ...(vehicleType ? { vehicleType } : {}),
      });
      // A new model starts at step 1; moving on records step 2 as where it resumes.
      const saved =
        intent === 'next' ? await update.mutateAsync({ id: created.id, patch: { configurationStep: 2 } }) : created;
      afterSave(saved, intent);
      return;
    }
    const patch: ModelPatch = {
      name: values.name,
      code: values.code,
      configurationStep: resumeStepAfter(model, intent),
    };
    if (vehicleType) patch.vehicleType = vehicleType;
    afterSave(await update.mutateAsync({ id: model.id, patch }), intent);
  };

  const handleSave = async (patch: ModelPatch, intent: SaveIntent) => {
    if (!model) return;
    const finishing = intent === 'next' && step === LAST_STEP;
    const saved = await update.mutateAsync({
      id: model.id,
      patch: { ...patch, configurationStep: resumeStepAfter(model, intent), ...(finishing ? { status: 1 } : {}) },
    });
    afterSave(saved, intent);
  };

  if (modelId && query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The model could not be loaded">
        {toApiError(query.error).message}
      </Alert>
    );
  if (modelId && !model)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the model" />
      </Center>
    );

  const allowed = (kind: ModelKind, action: number) => can('mm', action) && can(kindPermissionKey(kind), action);
  const addableKinds = MODEL_KINDS.filter((kind) => allowed(kind, ACTION.ADD));
  if (model ? !allowed(model.kind, ACTION.UPDATE) : addableKinds.length === 0)
    return (
      <Alert color="gray" title={model ? 'You cannot change this model' : 'You cannot add models'}>
        {model
          ? `Your role may read ${model.kind} models but not update them.`
          : 'Your role may read models but not add them. Resume a draft above if you may update it.'}
      </Alert>
    );

  const current = MODEL_CONFIGURATION_STEPS[step - 1] ?? MODEL_CONFIGURATION_STEPS[0];
  const reachable = reachableStep(model);
  const LaterStep = step === 1 ? null : LATER_STEPS[step as Exclude<ModelConfigurationStepId, 1>];

  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed" mb="xs">
        {model ? `${model.kind} model ${model.name} (${model.code})` : 'New model'}
      </Text>
      <Stepper
        active={step - 1}
        onStepClick={(index) => goTo(index + 1)}
        size="sm"
        mb="xl"
        allowNextStepsSelect={false}
      >
        {MODEL_CONFIGURATION_STEPS.map((s) => (
          <Stepper.Step
            key={s.id}
            label={`${s.id} ${s.label}`}
            allowStepSelect={model !== undefined && s.id <= reachable && s.id !== step}
          />
        ))}
      </Stepper>
      <Title order={2} size="h3" mb="md">
        Step {current.id}: {current.label}
      </Title>
      {LaterStep && model ? (
        <LaterStep
          key={`${model.id}-${step}`}
          model={model}
          onSave={handleSave}
          onBack={() => goTo(step - 1)}
          isLast={step === LAST_STEP}
        />
      ) : (
        <InformationStep
          key={model?.id ?? 'new'}
          model={model ?? null}
          defaultKind={kindFrom(params.get('kind'))}
          allowedKinds={addableKinds}
          onSubmit={handleInformation}
        />
      )}
    </Paper>
  );
}
