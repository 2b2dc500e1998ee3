import { paths } from '@/config/paths';
import type { components } from '@/domain/api-schema';
import { Anchor, Badge, Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  BATTERY_CHEMISTRY_LABELS,
  COOLING_LABELS,
  DEVICE_STATE_LABELS,
  type DeviceState,
  MOTOR_TYPE_LABELS,
} from '@/domain/enums';
import { formatDateTime, formatNumber } from '@/shared/lib/format';
import type { ApiDevice } from './api/get-device';

/** "Ready (1)": a BMS/MCU state code with its label (spec §3). */
export function deviceStateLabel(code: number | string): string {
  const label = DEVICE_STATE_LABELS[code as DeviceState];
  return label ? `${label} (${code})` : `Unknown (${code})`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={200} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Identity, state and specification of a BMS, MCU or VCU, with a link to the vehicle it is fitted to. */
export function DeviceOverview({
  device,
  model,
}: {
  device: ApiDevice;
  model: components['schemas']['Model'] | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="xs">
          Identity
        </Title>
        <Table aria-label="Device identity">
          <Table.Tbody>
            <Field label="Type">{device.type}</Field>
            <Field label="Serial number">{device.serialNumber}</Field>
            <Field label="Model">{model ? `${model.name} (${model.code})` : (device.modelId ?? '—')}</Field>
            <Field label="Firmware">{device.firmwareVersion}</Field>
            <Field label="Vehicle">
              {device.vehicleId ? (
                <Anchor component={Link} to={paths.vehicleDetails.href(device.vehicleId)} size="sm">
                  {device.vehicleId}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  Not fitted
                </Text>
              )}
            </Field>
            <Field label="Status">{device.status === 1 ? 'Active' : 'Inactive'}</Field>
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="xs">
          State
        </Title>
        <Table aria-label="Device state">
          <Table.Tbody>
            <Field label="State">{deviceStateLabel(device.state)}</Field>
            <Field label="Connection">
              <Badge color={device.isLive ? 'green' : 'gray'} variant="light">
                {device.isLive ? 'Live' : 'Offline'}
              </Badge>
            </Field>
            <Field label="Last seen">{formatDateTime(device.lastSeenAt, true)}</Field>
            {device.bms ? (
              <>
                <Field label="State of charge">{formatNumber(device.bms.soc, '%', 0)}</Field>
                <Field label="State of health">{formatNumber(device.bms.soh, '%', 0)}</Field>
                <Field label="Cycles">{device.bms.cycleCount}</Field>
                <Field label="Chemistry">{BATTERY_CHEMISTRY_LABELS[device.bms.chemistry]}</Field>
                <Field label="Cooling">{COOLING_LABELS[device.bms.cooling]}</Field>
                <Field label="Cells">{device.bms.cellCount}</Field>
                <Field label="Nominal voltage">{formatNumber(device.bms.nominalVoltage, 'V')}</Field>
                <Field label="Capacity">{formatNumber(device.bms.capacityAh, 'Ah')}</Field>
              </>
            ) : null}
            {device.mcu ? (
              <>
                <Field label="Motor type">{MOTOR_TYPE_LABELS[device.mcu.motorType]}</Field>
                <Field label="Rated power">{formatNumber(device.mcu.ratedPowerKw, 'kW')}</Field>
              </>
            ) : null}
          </Table.Tbody>
        </Table>
      </Card>
    </SimpleGrid>
  );
}
