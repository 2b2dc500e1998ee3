import { Badge } from '@mantine/core';

const TYPE_COLOURS: Record<string, string> = {
  BUG: 'red',
  CRASH: 'grape',
  FEATURE_REQUEST: 'blue',
  RATING: 'teal',
  QUESTION: 'cyan',
  INQUIRY: 'cyan',
};

/** The report types the inbox offers as a filter (the widget's own; the API takes any type it was sent). */
export const REPORT_TYPES = ['BUG', 'CRASH', 'FEATURE_REQUEST', 'RATING', 'QUESTION'] as const;

/** "FEATURE_REQUEST" -> "Feature request". */
export function reportTypeLabel(type: string): string {
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ReportTypeBadge({ type }: { type: string }) {
  return (
    <Badge color={TYPE_COLOURS[type] ?? 'gray'} variant="light">
      {reportTypeLabel(type)}
    </Badge>
  );
}
