import { Badge } from '@mantine/core';
import { decodeSeverity, type SeverityNumbering } from '@/domain/enums';

/** A fault, alert or notification severity in the spec's severity colour, decoded by the one mapping (decision 0113). */
export function SeverityBadge({ severity, numbering = 'fault' }: { severity: number; numbering?: SeverityNumbering }) {
  const { label, color } = decodeSeverity(severity, numbering);
  return (
    <Badge
      variant="filled"
      radius="sm"
      // The theme picks black or white text on the severity colour, whichever reaches 4.5:1 (white on Critical is 4.1).
      color={color}
      aria-label={`Severity: ${label}`}
    >
      {label}
    </Badge>
  );
}
