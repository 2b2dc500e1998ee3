import { Alert, Card, Center, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { toApiError } from '@/shared/api/api-client';
import { useUrlParams } from '@/shared/lib/use-url-params';
import { dayBoundary } from '@/shared/ui/data-table/date-range';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { notify } from '@/shared/ui/notify';
import {
  type CarbonParams,
  type CarbonReport,
  useAnalysisSubjects,
  useCarbonReport,
  useRecordAnalysisExport,
} from '../api/analysis-api';
import { useCarbonSettingsForm } from '../hooks/use-carbon-settings-form';
import { carbonCsvRows } from '../lib/carbon-csv';
import { daysBefore, localDay, rangeErrors } from '../lib/date-range';
import { CarbonMethodCard } from './carbon-method-card';
import { CarbonReportView } from './carbon-report-view';

const DEFAULT_DAYS = 30;

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
  const settings = useCarbonSettingsForm(search, update);
  const { applied, appliedValid } = settings;
  const recordExport = useRecordAnalysisExport();
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
  const report = useCarbonReport(params, rangeValid && appliedValid && !settings.saved.isPending);
  const serverErrors = report.isError ? (toApiError(report.error).fieldErrors ?? {}) : {};
  const fieldError = (key: string) => settings.shownErrors[key] ?? serverErrors[key];

  const exportCsv = async (data: CarbonReport) => {
    const { columns, rows } = carbonCsvRows(data);
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

      <CarbonMethodCard
        settings={settings}
        reportSettings={report.data?.settings}
        fieldError={fieldError}
        canConfigure={canConfigure}
      />

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
        <CarbonReportView report={report.data} canExport={canExport} onExport={(data) => void exportCsv(data)} />
      )}
    </Stack>
  );
}
