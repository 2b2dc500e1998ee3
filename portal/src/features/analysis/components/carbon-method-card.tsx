import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DEFAULT_BASELINES } from '@/domain/carbon';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import type { CarbonReport } from '../api/analysis-api';
import type { CarbonSettingsFormState } from '../hooks/use-carbon-settings-form';

export interface CarbonMethodCardProps {
  settings: CarbonSettingsFormState;
  /** The report's settings, for the sources of the figures it used. */
  reportSettings: CarbonReport['settings'] | undefined;
  /** A field's error: the form's own check, else the report's answer. */
  fieldError: (key: string) => string | undefined;
  /** The caller may save the organisation's settings (`ce` with Configure). */
  canConfigure: boolean;
}

/** The method in words and every factor it uses, to try (Apply), reset, or save for the organisation. */
export function CarbonMethodCard({
  settings: { saved, saving, form, set, contract, setContract, mayEditContract, apply, reset, save },
  reportSettings,
  fieldError,
  canConfigure,
}: CarbonMethodCardProps) {
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="carbon-method">
      <Title order={2} size="h4" id="carbon-method" mb="xs">
        Method
      </Title>
      <Text size="sm">
        CO2 avoided = distance × baseline of an equivalent petrol/diesel vehicle − energy charged × (1 + charging
        losses) × grid intensity. Energy charged over a period is the energy the vehicle&apos;s trips drew from the
        battery (what charging put back).
      </Text>
      <Text size="sm" mt={4}>
        Location-based figures use the grid average of the vehicle&apos;s region (its fleet&apos;s or owner&apos;s city)
        where you give one, else the grid intensity below. Market-based figures use a fleet&apos;s own supply contract
        where it has entered one, else the grid average (no residual mix is published for India), as the GHG Protocol
        Scope 2 Guidance asks; both are shown side by side.
      </Text>
      {saved.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading your organisation's carbon settings" />
        </Center>
      ) : (
        <form onSubmit={apply} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
            <NumberInput
              label="Grid intensity (t CO2/MWh)"
              description={
                reportSettings?.gridSource ?? 'CEA CO2 Baseline Database, all-India weighted average, FY 2024-25'
              }
              decimalScale={4}
              value={form.gridIntensity}
              onChange={set('gridIntensity')}
              error={fieldError('gridIntensity')}
            />
            <NumberInput
              label="Charging losses (%)"
              description="Energy drawn beyond what reaches the battery"
              value={form.chargingLossPct}
              onChange={set('chargingLossPct')}
              error={fieldError('chargingLossPct')}
            />
            <NumberInput
              label="2 Wheeler baseline (g CO2/km)"
              description={reportSettings?.baselines[0]?.source ?? DEFAULT_BASELINES['2 Wheeler'].source}
              value={form.baseline2w}
              onChange={set('baseline2w')}
              error={fieldError('baseline2w')}
            />
            <NumberInput
              label="3 Wheeler baseline (g CO2/km)"
              description={reportSettings?.baselines[1]?.source ?? DEFAULT_BASELINES['3 Wheeler'].source}
              value={form.baseline3w}
              onChange={set('baseline3w')}
              error={fieldError('baseline3w')}
            />
            <TextInput
              label="2 Wheeler baseline source"
              placeholder="Where your figure comes from"
              value={form.baseline2wSource}
              onChange={(e) => set('baseline2wSource')(e.currentTarget.value)}
            />
            <TextInput
              label="3 Wheeler baseline source"
              placeholder="Where your figure comes from"
              value={form.baseline3wSource}
              onChange={(e) => set('baseline3wSource')(e.currentTarget.value)}
            />
            <TextInput
              label="Grid intensity by region"
              description="City:t CO2/MWh, comma-separated (e.g. Pune:0.65)"
              value={form.regions}
              onChange={(e) => set('regions')(e.currentTarget.value)}
              error={fieldError('regions')}
            />
          </SimpleGrid>
          {mayEditContract ? (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={600} mt="md">
                Your supply contract (market-based)
              </Text>
              <Text size="xs" c="dimmed">
                The electricity contract your fleet charges under; leave the supplier empty for none (the grid average
                is used). Saved with the settings.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} mt={4}>
                <TextInput
                  label="Supplier"
                  value={contract.supplier}
                  onChange={(e) => {
                    const supplier = e.currentTarget.value;
                    setContract((c) => ({ ...c, supplier }));
                  }}
                  error={fieldError('supplyContract.supplier')}
                />
                <TextInput
                  label="Instrument"
                  placeholder="PPA, green tariff, certificates"
                  value={contract.instrument}
                  onChange={(e) => {
                    const instrument = e.currentTarget.value;
                    setContract((c) => ({ ...c, instrument }));
                  }}
                  error={fieldError('supplyContract.instrument')}
                />
                <NumberInput
                  label="Contract intensity (t CO2/MWh)"
                  decimalScale={4}
                  value={contract.intensity}
                  onChange={(v) => setContract((c) => ({ ...c, intensity: String(v) }))}
                  error={fieldError('supplyContract.intensity')}
                />
              </SimpleGrid>
            </fieldset>
          ) : null}
          <Group mt="sm" gap="xs">
            <Button type="submit">Apply</Button>
            {canConfigure && saved.data ? (
              <Button variant="light" loading={saving} onClick={() => void save()}>
                Save for {saved.data.organisation}
              </Button>
            ) : null}
            <Button variant="default" onClick={reset}>
              {saved.data?.saved ? 'Reset to saved settings' : 'Reset to defaults'}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {saved.data?.saved
              ? `Settings of ${saved.data.organisation}, saved by ${saved.data.updatedBy ?? 'someone'} on ${formatDateTime(saved.data.updatedAt)}. Apply tries other figures without saving them.`
              : saved.data
                ? `${saved.data.organisation[0]?.toUpperCase()}${saved.data.organisation.slice(1)} has saved no settings: these are the defaults.${canConfigure ? ' Save them to keep your own for everyone in it.' : ''}`
                : null}
          </Text>
          {saved.isError ? (
            <Alert color="red" title="Your organisation's carbon settings could not be loaded" role="alert" mt="sm">
              {toApiError(saved.error).message} The figures use the defaults.
            </Alert>
          ) : null}
        </form>
      )}
    </Card>
  );
}
