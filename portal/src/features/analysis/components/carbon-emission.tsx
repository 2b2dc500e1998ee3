import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useUrlParams } from '@/shared/lib/use-url-params';
import {
  type CarbonSettings,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
} from '@/domain/carbon';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime, formatNumber } from '@/shared/lib/format';
import { dayBoundary } from '@/shared/ui/data-table/date-range';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { notify } from '@/shared/ui/notify';
import {
  type CarbonParams,
  type CarbonReport,
  type SavedCarbonSettings,
  useAnalysisSubjects,
  useCarbonReport,
  useCarbonSettings,
  useRecordAnalysisExport,
  useSaveCarbonSettings,
} from '../api/analysis-api';
import { daysBefore, localDay, rangeErrors } from '../lib/date-range';
import { CategoryChart } from './category-chart';

const DEFAULT_DAYS = 30;
const VEHICLE_ROWS = 25;

/** Mass in kg, or in tonnes from 1,000 kg. */
export function formatMass(kg: number): string {
  return Math.abs(kg) >= 1000 ? formatNumber(kg / 1000, 't', 2) : formatNumber(kg, 'kg', 1);
}

interface SettingsForm {
  gridIntensity: string;
  chargingLossPct: string;
  baseline2w: string;
  baseline3w: string;
  baseline2wSource: string;
  baseline3wSource: string;
  regions: string;
}

const SETTING_KEYS = Object.keys({
  gridIntensity: 0,
  chargingLossPct: 0,
  baseline2w: 0,
  baseline3w: 0,
  baseline2wSource: 0,
  baseline3wSource: 0,
  regions: 0,
} satisfies Record<keyof SettingsForm, 0>) as (keyof SettingsForm)[];

/** The form's values: the URL's (a what-if), else the organisation's saved settings, else the defaults. */
function formFrom(search: URLSearchParams, saved: SavedCarbonSettings | undefined): SettingsForm {
  return {
    gridIntensity: search.get('gridIntensity') ?? String(saved?.gridIntensity ?? INDIA_GRID_INTENSITY),
    chargingLossPct: search.get('chargingLossPct') ?? String(saved?.chargingLossPct ?? DEFAULT_CHARGING_LOSS_PCT),
    baseline2w: search.get('baseline2w') ?? String(saved?.baseline2w ?? DEFAULT_BASELINES['2 Wheeler'].gPerKm),
    baseline3w: search.get('baseline3w') ?? String(saved?.baseline3w ?? DEFAULT_BASELINES['3 Wheeler'].gPerKm),
    baseline2wSource: search.get('baseline2wSource') ?? saved?.baseline2wSource ?? '',
    baseline3wSource: search.get('baseline3wSource') ?? saved?.baseline3wSource ?? '',
    regions: search.get('regions') ?? saved?.regions ?? '',
  };
}

interface ContractForm {
  supplier: string;
  instrument: string;
  intensity: string;
}

function contractFrom(saved: SavedCarbonSettings | undefined): ContractForm {
  const c = saved?.supplyContract;
  return { supplier: c?.supplier ?? '', instrument: c?.instrument ?? '', intensity: c ? String(c.intensity) : '' };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Field errors of the settings form (the domain's checks plus the region syntax). */
function formErrors(form: SettingsForm): Partial<Record<keyof SettingsForm, string>> {
  const regions: Record<string, number> = {};
  let regionSyntax = false;
  for (const part of form.regions.split(',').filter((p) => p.trim() !== '')) {
    const at = part.lastIndexOf(':');
    const value = Number(part.slice(at + 1));
    if (at <= 0 || part.slice(0, at).trim() === '' || part.slice(at + 1).trim() === '' || !Number.isFinite(value))
      regionSyntax = true;
    else regions[part.slice(0, at).trim()] = value;
  }
  const settings: CarbonSettings = {
    gridIntensity: toNumber(form.gridIntensity),
    chargingLossPct: toNumber(form.chargingLossPct),
    baselines: { '2 Wheeler': toNumber(form.baseline2w), '3 Wheeler': toNumber(form.baseline3w) },
    regions,
  };
  const errors: Partial<Record<keyof SettingsForm, string>> = carbonSettingsErrors(settings);
  if (regionSyntax) errors.regions = 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).';
  return errors;
}

function FiguresRow({ label, f }: { label: string; f: CarbonReport['total'] }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{f.vehicleCount}</Table.Td>
      <Table.Td>{formatNumber(f.distanceKm, 'km', 1)}</Table.Td>
      <Table.Td>{formatNumber(f.energyChargedKwh, 'kWh', 1)}</Table.Td>
      <Table.Td>{formatMass(f.baselineKg)}</Table.Td>
      <Table.Td>{formatMass(f.locationKg)}</Table.Td>
      <Table.Td>{formatMass(f.marketKg)}</Table.Td>
      <Table.Td fw={600}>{formatMass(f.avoidedLocationKg)}</Table.Td>
      <Table.Td fw={600}>{formatMass(f.avoidedMarketKg)}</Table.Td>
    </Table.Tr>
  );
}

const FIGURE_COLUMNS = [
  'Vehicles',
  'Distance',
  'Energy charged',
  'Petrol/diesel baseline',
  'EV, location-based',
  'EV, market-based',
  'Avoided, location-based',
  'Avoided, market-based',
];

function FiguresHead({ first }: { first: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {[first, ...FIGURE_COLUMNS].map((c) => (
          <Table.Th key={c} scope="col">
            {c}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

export interface CarbonEmissionProps {
  canExport: boolean;
  /** The caller may save the organisation's settings (`ce` with Configure). */
  canConfigure: boolean;
}

/**
 * CO2 avoided against petrol/diesel baselines, per vehicle type, fleet and vehicle over a date range, location- and
 * market-based side by side, with the method and every factor on the page (decision 0082). Choices live in the URL.
 */
export function CarbonEmission({ canExport, canConfigure }: CarbonEmissionProps) {
  const [search, update] = useUrlParams();
  const saved = useCarbonSettings();
  const saveSettings = useSaveCarbonSettings();
  const recordExport = useRecordAnalysisExport();
  const applied = formFrom(search, saved.data);
  const [form, setForm] = useState<SettingsForm>(applied);
  const [contract, setContract] = useState<ContractForm>(contractFrom(saved.data));
  const [shownErrors, setShownErrors] = useState<Partial<Record<string, string>>>({});
  // The saved settings arrive after the first render: the form starts from them (the URL's what-if still wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved settings change, not on each URL edit
  useEffect(() => {
    if (!saved.data) return;
    setForm(formFrom(search, saved.data));
    setContract(contractFrom(saved.data));
  }, [saved.data]);
  const fleets = useAnalysisSubjects('fleet', '');
  const dataWindow = fleets.data ? { dataFrom: fleets.data.dataFrom, dataTo: fleets.data.dataTo } : null;
  const from = search.get('from') ?? (dataWindow ? daysBefore(dataWindow.dataTo, DEFAULT_DAYS - 1) : '');
  const to = search.get('to') ?? (dataWindow ? localDay(dataWindow.dataTo) : '');
  const fleetId = search.get('fleetId') ?? '';
  const clientRangeErrors = dataWindow ? rangeErrors(from, to, dataWindow) : {};
  const rangeValid = dataWindow !== null && !clientRangeErrors.from && !clientRangeErrors.to;

  const params: CarbonParams = {
    from: dayBoundary(from, false) ?? '',
    to: dayBoundary(to, true) ?? '',
    ...(fleetId ? { fleetId } : {}),
    gridIntensity: Number(applied.gridIntensity),
    chargingLossPct: Number(applied.chargingLossPct),
    baseline2w: Number(applied.baseline2w),
    baseline3w: Number(applied.baseline3w),
    ...(applied.baseline2wSource ? { baseline2wSource: applied.baseline2wSource } : {}),
    ...(applied.baseline3wSource ? { baseline3wSource: applied.baseline3wSource } : {}),
    ...(applied.regions ? { regions: applied.regions } : {}),
  };
  const appliedValid = Object.keys(formErrors(applied)).length === 0;
  const report = useCarbonReport(params, rangeValid && appliedValid && !saved.isPending);
  const serverErrors = report.isError ? (toApiError(report.error).fieldErrors ?? {}) : {};
  const fieldError = (key: string) => shownErrors[key] ?? serverErrors[key];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const errors = formErrors(form);
    setShownErrors(errors);
    if (Object.keys(errors).length > 0) return;
    update(Object.fromEntries(SETTING_KEYS.map((k) => [k, form[k].trim()])));
  };
  const reset = () => {
    setForm(formFrom(new URLSearchParams(), saved.data));
    setContract(contractFrom(saved.data));
    setShownErrors({});
    update(Object.fromEntries(SETTING_KEYS.map((k) => [k, null])));
  };
  const mayEditContract = saved.data?.mayEditContract ?? false;
  /** Saves the form as the organisation's settings; the URL's what-if is cleared, so the saved figures apply. */
  const save = async () => {
    const errors: Record<string, string> = { ...formErrors(form) };
    const hasContract = mayEditContract && (contract.supplier.trim() !== '' || contract.instrument.trim() !== '');
    if (hasContract) {
      if (!contract.supplier.trim()) errors['supplyContract.supplier'] = 'Enter the supplier.';
      if (!contract.instrument.trim())
        errors['supplyContract.instrument'] = 'Enter the instrument (PPA, green tariff, certificates).';
      const intensity = toNumber(contract.intensity);
      if (!Number.isFinite(intensity) || intensity < 0 || intensity > 2)
        errors['supplyContract.intensity'] = "The contract's intensity must be between 0 and 2 t CO2/MWh.";
    }
    setShownErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const result = await saveSettings.mutateAsync({
        gridIntensity: toNumber(form.gridIntensity),
        chargingLossPct: toNumber(form.chargingLossPct),
        baseline2w: toNumber(form.baseline2w),
        baseline3w: toNumber(form.baseline3w),
        baseline2wSource: form.baseline2wSource.trim() || null,
        baseline3wSource: form.baseline3wSource.trim() || null,
        regions: form.regions.trim() || null,
        ...(mayEditContract
          ? {
              supplyContract: hasContract
                ? {
                    supplier: contract.supplier.trim(),
                    instrument: contract.instrument.trim(),
                    intensity: toNumber(contract.intensity),
                  }
                : null,
            }
          : {}),
      });
      update(Object.fromEntries(SETTING_KEYS.map((k) => [k, null])));
      notify.success(`Saved the carbon settings of ${result.organisation}`);
    } catch (e) {
      const err = toApiError(e);
      setShownErrors(err.fieldErrors ?? {});
      if (!err.fieldErrors) notify.error('The carbon settings could not be saved', { description: err.message });
    }
  };
  const set = (key: keyof SettingsForm) => (value: string | number) => setForm((f) => ({ ...f, [key]: String(value) }));

  const exportCsv = async (data: CarbonReport) => {
    const columns = [
      'Registration',
      'Vehicle id',
      'Vehicle type',
      'Fleet',
      'Region',
      'Grid intensity (t CO2/MWh)',
      'Distance (km)',
      'Energy charged (kWh)',
      'Grid energy (kWh)',
      'Baseline (kg CO2)',
      'EV location-based (kg CO2)',
      'EV market-based (kg CO2)',
      'Avoided location-based (kg CO2)',
      'Avoided market-based (kg CO2)',
    ];
    const r3 = (n: number) => Math.round(n * 1000) / 1000;
    const rows = data.byVehicle.map((v) => ({
      Registration: v.registrationNumber,
      'Vehicle id': v.vehicleId,
      'Vehicle type': v.vehicleType,
      Fleet: v.fleetName ?? '',
      Region: v.region ?? '',
      'Grid intensity (t CO2/MWh)': v.gridIntensity,
      'Distance (km)': r3(v.distanceKm),
      'Energy charged (kWh)': r3(v.energyChargedKwh),
      'Grid energy (kWh)': r3(v.gridEnergyKwh),
      'Baseline (kg CO2)': r3(v.baselineKg),
      'EV location-based (kg CO2)': r3(v.locationKg),
      'EV market-based (kg CO2)': r3(v.marketKg),
      'Avoided location-based (kg CO2)': r3(v.avoidedLocationKg),
      'Avoided market-based (kg CO2)': r3(v.avoidedMarketKg),
    }));
    try {
      // Recorded in the audit history first; without that record there is no file (decision 0094).
      await recordExport.mutateAsync({
        kind: 'carbon',
        format: 'csv',
        from: data.from,
        to: data.to,
        rows: rows.length,
        subject: fleetId ? `fleet ${data.byFleet.find((f) => f.fleetId === fleetId)?.name ?? fleetId}` : 'all fleets',
      });
    } catch (e) {
      notify.error('The export could not be recorded, so no file was made', { description: toApiError(e).message });
      return;
    }
    downloadCsv(`carbon-emission-${from}-to-${to}.csv`, await toCsv(rows, columns));
  };

  const typeChart = useMemo(() => {
    if (!report.data) return null;
    const rows = [...report.data.byVehicleType, ...report.data.byFleet.filter((f) => f.fleetId !== null)];
    return {
      categories: [
        ...report.data.byVehicleType.map((t) => t.vehicleType),
        ...report.data.byFleet.filter((f) => f.fleetId !== null).map((f) => f.name),
      ],
      series: [
        {
          name: 'Avoided, location-based',
          unit: 'kg CO2',
          decimals: 1,
          values: rows.map((r) => r.avoidedLocationKg),
        },
        { name: 'Avoided, market-based', unit: 'kg CO2', decimals: 1, values: rows.map((r) => r.avoidedMarketKg) },
      ],
    };
  }, [report.data]);

  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            w={170}
            value={from}
            error={clientRangeErrors.from ?? serverErrors.from}
            onChange={(e) => update({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            w={170}
            value={to}
            error={clientRangeErrors.to ?? serverErrors.to}
            onChange={(e) => update({ to: e.currentTarget.value })}
          />
          {(fleets.data?.items.length ?? 0) > 1 ? (
            <Select
              label="Fleet"
              w={260}
              placeholder="All fleets"
              clearable
              searchable
              data={(fleets.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.detail})` }))}
              value={fleetId || null}
              onChange={(value) => update({ fleetId: value })}
            />
          ) : null}
        </Group>
        {fleets.isError ? (
          <Alert color="red" title="The data window could not be loaded" role="alert" mt="sm">
            {toApiError(fleets.error).message}
          </Alert>
        ) : null}
      </Card>

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
          Location-based figures use the grid average of the vehicle&apos;s region (its fleet&apos;s or owner&apos;s
          city) where you give one, else the grid intensity below. Market-based figures use a fleet&apos;s own supply
          contract where it has entered one, else the grid average (no residual mix is published for India), as the GHG
          Protocol Scope 2 Guidance asks; both are shown side by side.
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
                  report.data?.settings.gridSource ??
                  'CEA CO2 Baseline Database, all-India weighted average, FY 2024-25'
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
                description={report.data?.settings.baselines[0]?.source ?? DEFAULT_BASELINES['2 Wheeler'].source}
                value={form.baseline2w}
                onChange={set('baseline2w')}
                error={fieldError('baseline2w')}
              />
              <NumberInput
                label="3 Wheeler baseline (g CO2/km)"
                description={report.data?.settings.baselines[1]?.source ?? DEFAULT_BASELINES['3 Wheeler'].source}
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
                <Button variant="light" loading={saveSettings.isPending} onClick={() => void save()}>
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

      {!rangeValid ? (
        dataWindow ? (
          <Alert color="yellow" title="Fix the date range">
            {clientRangeErrors.from ?? clientRangeErrors.to}
          </Alert>
        ) : fleets.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading the data window" />
          </Center>
        ) : null
      ) : !appliedValid ? (
        <Alert color="yellow" title="Fix the method's figures">
          The figures in the address are not valid; correct them above and apply.
        </Alert>
      ) : report.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the carbon report" />
        </Center>
      ) : report.isError ? (
        <Alert color="red" title="The carbon report could not be loaded" role="alert">
          {toApiError(report.error).message}
        </Alert>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {(
              [
                ['CO2 avoided, location-based', formatMass(report.data.total.avoidedLocationKg)],
                ['CO2 avoided, market-based', formatMass(report.data.total.avoidedMarketKg)],
                ['Distance', formatNumber(report.data.total.distanceKm, 'km', 0)],
                ['Energy charged', formatNumber(report.data.total.energyChargedKwh, 'kWh', 1)],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} withBorder radius="md" aria-label={label} role="group">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="xl" fw={700}>
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                By vehicle type
              </Title>
              {canExport ? (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => void exportCsv(report.data)}
                >
                  Export CSV
                </Button>
              ) : null}
            </Group>
            <Table.ScrollContainer minWidth={900}>
              <Table striped withTableBorder fz="sm">
                <caption>
                  By vehicle type, {localDay(report.data.from)} to {localDay(report.data.to)}
                </caption>
                <FiguresHead first="Vehicle type" />
                <Table.Tbody>
                  {report.data.byVehicleType.map((t) => (
                    <FiguresRow key={t.vehicleType} label={t.vehicleType} f={t} />
                  ))}
                  <FiguresRow label="Total" f={report.data.total} />
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          {typeChart ? (
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                CO2 avoided by vehicle type and fleet
              </Title>
              <CategoryChart
                label="CO2 avoided by vehicle type and fleet"
                categories={typeChart.categories}
                series={typeChart.series}
              />
            </Card>
          ) : null}
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="xs">
              By fleet
            </Title>
            <Table.ScrollContainer minWidth={1000}>
              <Table striped withTableBorder fz="sm">
                <caption>By fleet, with each fleet&apos;s supply contract</caption>
                <Table.Thead>
                  <Table.Tr>
                    {['Fleet', 'Supply contract', ...FIGURE_COLUMNS].map((c) => (
                      <Table.Th key={c} scope="col">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.byFleet.map((f) => (
                    <Table.Tr key={f.fleetId ?? 'none'}>
                      <Table.Th scope="row">{f.name}</Table.Th>
                      <Table.Td>
                        {f.contract
                          ? `${f.contract.supplier}: ${f.contract.instrument} (${f.contract.intensity} t CO2/MWh)`
                          : 'None: grid average'}
                      </Table.Td>
                      <Table.Td>{f.vehicleCount}</Table.Td>
                      <Table.Td>{formatNumber(f.distanceKm, 'km', 1)}</Table.Td>
                      <Table.Td>{formatNumber(f.energyChargedKwh, 'kWh', 1)}</Table.Td>
                      <Table.Td>{formatMass(f.baselineKg)}</Table.Td>
                      <Table.Td>{formatMass(f.locationKg)}</Table.Td>
                      <Table.Td>{formatMass(f.marketKg)}</Table.Td>
                      <Table.Td fw={600}>{formatMass(f.avoidedLocationKg)}</Table.Td>
                      <Table.Td fw={600}>{formatMass(f.avoidedMarketKg)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="xs">
              By vehicle
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              The {Math.min(VEHICLE_ROWS, report.data.vehiclesShown)} vehicles that avoided most of{' '}
              {report.data.total.vehicleCount}
              {canExport ? `; the CSV holds ${report.data.vehiclesShown}` : ''}.
            </Text>
            <Table.ScrollContainer minWidth={1000}>
              <Table striped withTableBorder fz="sm">
                <caption>By vehicle</caption>
                <Table.Thead>
                  <Table.Tr>
                    {['Vehicle', 'Type', 'Fleet', 'Region', 'Grid (t CO2/MWh)', 'Distance', 'Energy charged'].map(
                      (c) => (
                        <Table.Th key={c} scope="col">
                          {c}
                        </Table.Th>
                      ),
                    )}
                    <Table.Th scope="col">Avoided, location-based</Table.Th>
                    <Table.Th scope="col">Avoided, market-based</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.byVehicle.slice(0, VEHICLE_ROWS).map((v) => (
                    <Table.Tr key={v.vehicleId}>
                      <Table.Th scope="row">{v.registrationNumber}</Table.Th>
                      <Table.Td>{v.vehicleType}</Table.Td>
                      <Table.Td>{v.fleetName ?? '—'}</Table.Td>
                      <Table.Td>{v.region ?? 'Unknown'}</Table.Td>
                      <Table.Td>{v.gridIntensity}</Table.Td>
                      <Table.Td>{formatNumber(v.distanceKm, 'km', 1)}</Table.Td>
                      <Table.Td>{formatNumber(v.energyChargedKwh, 'kWh', 2)}</Table.Td>
                      <Table.Td>{formatMass(v.avoidedLocationKg)}</Table.Td>
                      <Table.Td>{formatMass(v.avoidedMarketKg)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Stack>
      )}
    </Stack>
  );
}
