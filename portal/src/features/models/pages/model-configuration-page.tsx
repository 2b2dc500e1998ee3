import { Button, Group, Paper, Stepper } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { MODEL_CONFIGURATION_STEPS, type ModelConfigurationStepId } from '@/domain/tab-sets';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const FIRST = MODEL_CONFIGURATION_STEPS[0].id;
const LAST = MODEL_CONFIGURATION_STEPS[MODEL_CONFIGURATION_STEPS.length - 1]!.id;

/** The step in `?step=<id>`; an unknown value means the first step. */
function stepFrom(value: string | null): ModelConfigurationStepId {
  const id = Number(value);
  return MODEL_CONFIGURATION_STEPS.some((s) => s.id === id) ? (id as ModelConfigurationStepId) : FIRST;
}

/** The six-step model configuration flow; the current step is selected by id and kept in the URL. */
export function ModelConfigurationPage({ route }: RoutePageProps) {
  const [params, setParams] = useSearchParams();
  const step = stepFrom(params.get('step'));
  const goTo = (id: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('step', String(id));
        return next;
      },
      { replace: true },
    );
  const current = MODEL_CONFIGURATION_STEPS.find((s) => s.id === step)!;
  return (
    <>
      <PageHeader title={route.title} description="Configure a vehicle or device model step by step." />
      <Paper withBorder radius="md" p="lg">
        <Stepper active={step - 1} onStepClick={(index) => goTo(index + 1)} size="sm" mb="lg">
          {MODEL_CONFIGURATION_STEPS.map((s) => (
            <Stepper.Step key={s.id} label={`${s.id} ${s.label}`} aria-label={`Step ${s.id}: ${s.label}`} />
          ))}
        </Stepper>
        <ComingLater
          arrivesWith={LATER_WORK[route.later ?? 'later']}
          includes={[`Step ${current.id}: ${current.label}`]}
        />
        <Group justify="space-between" mt="lg">
          <Button variant="default" disabled={step === FIRST} onClick={() => goTo(step - 1)}>
            Back
          </Button>
          <Button disabled={step === LAST} onClick={() => goTo(step + 1)}>
            Next step
          </Button>
        </Group>
      </Paper>
    </>
  );
}
