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
      // The theme picks black or white text on the severity colour, whichever reaches 4.5:1 (white on Critical is 4.1).
      color={color ?? (severity === 5 ? '#7A1F2E' : '#868E96')}
      aria-label={`Severity: ${label}`}
    >
      {label}
    </Badge>
  );
}
