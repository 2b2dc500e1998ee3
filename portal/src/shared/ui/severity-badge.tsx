import { Badge } from '@mantine/core';
import { FAULT_SEVERITY_LABELS, type FaultSeverity, faultSeverityColor } from '@/domain/enums';

/** A fault severity in the spec's severity colour (Low green, Medium yellow, High orange, Critical red). */
export function SeverityBadge({ severity }: { severity: number }) {
  const label = FAULT_SEVERITY_LABELS[severity as FaultSeverity] ?? 'SNA';
  const color = faultSeverityColor(severity as FaultSeverity);
  return (
    <Badge
      variant="filled"
      radius="sm"
      styles={{
        root: {
          backgroundColor: color ?? (severity === 5 ? '#7A1F2E' : '#868E96'),
          color: severity === 2 ? '#1A1B1E' : '#fff',
        },
      }}
      aria-label={`Severity: ${label}`}
    >
      {label}
    </Badge>
  );
}
