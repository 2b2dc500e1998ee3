import { Paper, Stack } from '@mantine/core';
import { ACTION } from '@/domain/permissions';
import { FaultsPanel } from '@/features/faults/components/faults-panel';
import { OpenTicketButton } from '@/features/tickets/components/open-ticket-button';
import { useFaultSeverityFilter } from '@/features/faults/hooks/use-fault-severity-filter';
import { useCan } from '@/state/use-can';
import { OtaHistoryPanel } from '@/features/firmware/components/ota-history-panel';
import { useModel } from '@/features/models/api/get-model';
import type { ApiVehicle } from '@/features/vehicles/details/api/get-vehicle';
import { AttributesTab } from '@/features/telemetry/components/attributes-tab';
import { CommandsPanel } from '@/features/commands/components/commands-panel';
import { LocationAnalysisTab } from '@/features/locations/components/location-analysis-tab';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { TelemetryAnalysis } from '@/features/telemetry/components/telemetry-analysis';
import { TripsTab } from '@/features/trips/components/trips-tab';
import { VehicleOverview } from '@/features/vehicles/details/vehicle-overview';
import type { VehicleTelemetry } from '@/domain/live-payloads';

function VehicleFaultsTab({ vehicleId }: { vehicleId: string }) {
  const can = useCan();
  const [severities, setSeverities] = useFaultSeverityFilter();
  return (
    <FaultsPanel
      vehicleId={vehicleId}
      canAcknowledge={can('vh.l.d.f', ACTION.UPDATE)}
      severities={severities}
      onSeveritiesChange={setSeverities}
      rowAction={
        can('t', ACTION.ADD)
          ? (fault) => (
              <OpenTicketButton
                compact
                vehicleId={fault.vehicleId}
                source="fault"
                faultId={fault.id}
                title={`${fault.name} (${fault.code})`}
              />
            )
          : undefined
      }
    />
  );
}

function VehicleCommandsTab({ vehicle, ackTimeoutMs }: { vehicle: ApiVehicle; ackTimeoutMs?: number }) {
  const can = useCan();
  const model = useModel(vehicle.modelId);
  return (
    <Stack gap="xl">
      <CommandsPanel
        vehicleId={vehicle.id}
        choices={model.data?.commands ?? []}
        choicesLoading={model.isPending}
        canSend={can('vh.l.d.c.s', ACTION.ADD)}
        ackTimeoutMs={ackTimeoutMs}
      />
      {can('vh.l.d.ota') ? <OtaHistoryPanel vehicleId={vehicle.id} /> : null}
    </Stack>
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
