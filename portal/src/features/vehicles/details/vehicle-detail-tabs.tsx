import { Paper } from '@mantine/core';
import { ACTION } from '@/domain/permissions';
import { FaultsPanel } from '@/features/faults/components/faults-panel';
import type { VehicleTelemetry } from '@/shared/lib/live/topics';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { useModel } from './api/get-model';
import type { ApiVehicle } from './api/get-vehicle';
import { AttributesTab } from './attributes-tab';
import { CommandsPanel } from './commands-panel';
import { LocationAnalysisTab } from './location-analysis-tab';
import { NotificationsPanel } from './notifications-panel';
import { TelemetryAnalysis } from './telemetry-analysis';
import { TripsTab } from './trips-tab';
import { VehicleOverview } from './vehicle-overview';

/** The severities kept in the store's `fault_data` details filter (setting it clears the other details filters). */
export function useFaultSeverityFilter(): [number[], (next: number[]) => void] {
  const store = useAppStoreApi();
  const value = useAppState((s) => s.detailTab.fault_data);
  const severities = value ?? [];
  const set = (next: number[]) => store.getState().setDetailsFilter('fault_data', next.length > 0 ? next : null);
  return [severities, set];
}

function VehicleFaultsTab({ vehicleId }: { vehicleId: string }) {
  const can = useCan();
  const [severities, setSeverities] = useFaultSeverityFilter();
  return (
    <FaultsPanel
      vehicleId={vehicleId}
      canAcknowledge={can('vh.l.d.f', ACTION.UPDATE)}
      severities={severities}
      onSeveritiesChange={setSeverities}
    />
  );
}

function VehicleCommandsTab({ vehicle, ackTimeoutMs }: { vehicle: ApiVehicle; ackTimeoutMs?: number }) {
  const can = useCan();
  const model = useModel(vehicle.modelId);
  return (
    <CommandsPanel
      vehicleId={vehicle.id}
      choices={model.data?.commands ?? []}
      choicesLoading={model.isPending}
      canSend={can('vh.l.d.c.s', ACTION.ADD)}
      ackTimeoutMs={ackTimeoutMs}
    />
  );
}

function ModelTemplateTab({ vehicle, kind }: { vehicle: ApiVehicle; kind: 'analysis' | 'attributes' }) {
  const model = useModel(vehicle.modelId);
  if (model.isPending) return null;
  const template = model.data?.telemetryTemplate ?? [];
  const source = { kind: 'vehicle', id: vehicle.id } as const;
  return kind === 'analysis' ? (
    <TelemetryAnalysis source={source} template={template} />
  ) : (
    <AttributesTab source={source} template={template} />
  );
}

export interface VehicleTabPanelProps {
  tabId: string;
  vehicle: ApiVehicle;
  live: VehicleTelemetry | null;
}

/** The content of one vehicle details tab. */
export function VehicleTabPanel({ tabId, vehicle, live }: VehicleTabPanelProps) {
  const content = (() => {
    switch (tabId) {
      case 'overview':
        return <VehicleOverview vehicle={vehicle} live={live} />;
      case 'trip-analysis':
        return <TripsTab vehicleId={vehicle.id} />;
      case 'notifications':
        return <NotificationsPanel vehicleId={vehicle.id} />;
      case 'commands':
        return <VehicleCommandsTab vehicle={vehicle} />;
      case 'faults':
        return <VehicleFaultsTab vehicleId={vehicle.id} />;
      case 'analysis':
        return <ModelTemplateTab vehicle={vehicle} kind="analysis" />;
      case 'attributes':
        return <ModelTemplateTab vehicle={vehicle} kind="attributes" />;
      case 'location-analysis':
        return <LocationAnalysisTab vehicleId={vehicle.id} />;
      default:
        return null;
    }
  })();
  return tabId === 'overview' ? (
    content
  ) : (
    <Paper withBorder radius="md" p="lg">
      {content}
    </Paper>
  );
}
