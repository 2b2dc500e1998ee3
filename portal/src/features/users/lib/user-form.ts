import { z } from 'zod';
import { type RoleCode, type RoleType, roleTypeOf } from '@/domain/roles';

/** The organisation field a new account of `role` needs from a creator of `creator` type (null: none, it is forced). */
export function organisationFieldFor(creator: RoleType, role: RoleCode): 'oemId' | 'dealerId' | 'fleetId' | null {
  if (creator !== 'platform' && creator !== 'oem') return null;
  const type = roleTypeOf(role);
  if (type === 'dealer') return 'dealerId';
  if (type === 'fleet' || type === 'driver') return 'fleetId';
  if (type === 'oem' && creator === 'platform') return 'oemId';
  return null;
}

export const ORGANISATION_LABEL = { oemId: 'OEM', dealerId: 'Service centre', fleetId: 'Fleet' } as const;

const digits = (v: string) => v.replace(/\D/g, '').length;

export const userFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'),
  email: z.string().trim().min(1, 'Enter an e-mail address.').email('Enter a valid e-mail address.'),
  phone: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\+?[0-9][0-9 -]*[0-9]$/.test(v) && digits(v) >= 8 && digits(v) <= 15),
      'Enter a phone number of 8 to 15 digits, optionally starting with +.',
    ),
  roleId: z.string().min(1, 'Choose a role.'),
  organisation: z.string(),
});
export type UserFormValues = z.infer<typeof userFormSchema>;
