import { Alert, Badge, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import type { TabDef } from '@/domain/tab-sets';
import { FaultsPanel } from '@/features/faults/components/faults-panel';
import { useLiveFaults } from '@/features/faults/hooks/use-live-faults';
import { OtaHistoryPanel } from '@/features/firmware/components/ota-history-panel';
import { useModel } from '@/features/models/api/get-model';
import { AttributesTab } from '@/features/telemetry/components/attributes-tab';
import { CommandsPanel } from '@/features/commands/components/commands-panel';
import { LocationAnalysisTab } from '@/features/locations/components/location-analysis-tab';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { TelemetryAnalysis } from '@/features/telemetry/components/telemetry-analysis';
import { useFaultSeverityFilter } from '@/features/faults/hooks/use-fault-severity-filter';
import { toApiError } from '@/shared/api/api-client';
import { topics } from '@/shared/lib/live/topics';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import type { ApiDevice } from '@/features/devices/details/api/get-device';
import { useDevice } from '@/features/devices/details/api/get-device';
import { BatteryCyclesTab } from '@/features/devices/details/battery-cycles-tab';
import { DeviceOverview } from '@/features/devices/details/device-overview';

export type DetailsDeviceKind = 'BMS' | 'MCU' | 'VCU';

/** The permission keys of one device kind's details page (VCU: its details key guards the rest but commands). */
function keysOf(kind: DetailsDeviceKind) {
  if (kind === 'VCU') {
    const key: PermissionKey = 'VCU.l.d';
    return { faults: key, send: 'VCU.l.d.c' as PermissionKey, cells: null, ota: null };
  }
  return {
    faults: `${kind}.l.d.f` as PermissionKey,
    send: `${kind}.l.d.c` as PermissionKey,
    cells: kind === 'BMS' ? ('BMS.l.d.ch' as PermissionKey) : null,
    // Spec §6 names an OTA history key for the BMS and MCU details, none for the VCU.
    ota: `${kind}.l.d.ota` as PermissionKey,
  };
}

function needsVehicle(vehicleId: string | null, content: (vehicleId: string) => React.ReactNode) {
  return vehicleId ? (
    content(vehicleId)
  ) : (
    <Text size="sm" c="dimmed">
      This device is not fitted to a vehicle, so there is nothing to show here.
    </Text>
  );
}

function DeviceTabPanel({ tabId, device, kind }: { tabId: string; device: ApiDevice; kind: DetailsDeviceKind }) {
  const can = useCan();
  const keys = keysOf(kind);
  const model = useModel(device.modelId);
  const [severities, setSeverities] = useFaultSeverityFilter();
  const template = model.data?.telemetryTemplate ?? [];
  const source = { kind: 'device', id: device.id } as const;
  switch (tabId) {
    case 'overview':
      return <DeviceOverview device={device} model={model.data} />;
    case 'battery-state-cycle':
      return <BatteryCyclesTab bmsId={device.id} canSeeCells={keys.cells !== null && can(keys.cells)} />;
    case 'notifications':
      return needsVehicle(device.vehicleId, (id) => <NotificationsPanel vehicleId={id} />);
    case 'commands':
      return (
        <Stack gap="xl">
          {needsVehicle(device.vehicleId, (id) => (
            <CommandsPanel
              vehicleId={id}
              deviceId={device.id}
              choices={model.data?.commands ?? []}
              choicesLoading={model.isPending}
              canSend={can(keys.send, ACTION.ADD)}
            />
          ))}
          {keys.ota && can(keys.ota) ? <OtaHistoryPanel deviceId={device.id} /> : null}
        </Stack>
      );
    case 'faults':
      return (
        <FaultsPanel
          deviceId={device.id}
          canAcknowledge={can(keys.faults, ACTION.UPDATE)}
          severities={severities}
          onSeveritiesChange={setSeverities}
        />
      );
    case 'analysis':
      return model.isPending ? null : <TelemetryAnalysis source={source} template={template} />;
    case 'attributes':
      return model.isPending ? null : <AttributesTab source={source} template={template} />;
    case 'location-analysis':
      return needsVehicle(device.vehicleId, (id) => <LocationAnalysisTab vehicleId={id} />);
    default:
      return null;
  }
}

export interface DeviceDetailsProps {
  title: string;
  kind: DetailsDeviceKind;
  /** The tabs the user may see. */
  tabs: readonly TabDef[];
}

/** A BMS, MCU or VCU details page: header, URL tabs, and live interest in the device and its vehicle's acknowledgements. */
export function DeviceDetails({ title, kind, tabs }: DeviceDetailsProps) {
  const { id = '' } = useParams();
  const query = useDevice(id);
  const vehicleId = query.data?.vehicleId ?? null;
  const store = useAppStoreApi();
  const shownId = query.data?.type === kind ? query.data.id : undefined;
  // A BMS's or MCU's details show its overall info: it is the chosen one, and the vehicle or other device is not (the
  // spec keeps no overall info for a VCU).
  useEffect(() => {
    if (shownId && kind !== 'VCU') store.getState().setOverallInfo(kind === 'BMS' ? 'bms' : 'mcu', shownId);
  }, [store, kind, shownId]);
  let liveTopics: string[] = [];
  try {
    liveTopics = [topics.deviceTelemetryFilter(id), ...(vehicleId ? [topics.commandAck(vehicleId)] : [])];
  } catch {
    // An id that cannot be a topic level has no live data.
  }
  useLiveInterest(`${kind.toLowerCase()}-details`, liveTopics);
  // This device's faults raised live are announced, and its faults tab shows them.
  useLiveFaults(tabs.some((tab) => tab.id === 'faults') ? vehicleId : null, kind);

  const wrongKind = query.data && query.data.type !== kind;
  return (
    <>
      <PageHeader
        title={title}
        description={query.data ? `${query.data.type} · ${query.data.serialNumber}` : undefined}
        actions={
          <Badge variant="light" size="lg" radius="sm">
            ID {id}
          </Badge>
        }
      />
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={`Loading ${kind}`} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title={`The ${kind} could not be loaded`} role="alert">
          {toApiError(query.error).message}
        </Alert>
      ) : wrongKind ? (
        <Alert color="red" title={`The ${kind} could not be loaded`} role="alert">
          {id} is a {query.data.type}, not a {kind}.
        </Alert>
      ) : tabs.length === 0 ? (
        <Alert color="gray" title="Nothing to show">
          Your role has no access to any tab of this page.
        </Alert>
      ) : (
        <UrlTabs
          label={`${kind} details`}
          tabs={tabs}
          renderPanel={(tab) =>
            tab.id === 'overview' ? (
              <DeviceTabPanel tabId={tab.id} device={query.data} kind={kind} />
            ) : (
              <Paper withBorder radius="md" p="lg">
                <DeviceTabPanel tabId={tab.id} device={query.data} kind={kind} />
              </Paper>
            )
          }
        />
      )}
    </>
  );
}
