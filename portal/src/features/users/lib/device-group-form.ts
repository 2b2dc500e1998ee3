// zod/mini (issue 37): the write-group route loads this schema; full zod would add about 13 KB gzipped to it.
import * as z from 'zod/mini';

export const deviceGroupSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Enter a name.'), z.maxLength(80, 'Use at most 80 characters.')),
    description: z.string().check(z.maxLength(240, 'Use at most 240 characters.')),
    ownerKind: z.enum(['dealer', 'fleet', 'evowner', 'driver', ''], { message: 'Choose the owner kind.' }),
    ownerId: z.string(),
    mode: z.enum(['pick', 'filter']),
    vehicleIds: z.array(z.string()),
    modelId: z.string(),
    status: z.enum(['', '0', '1']),
    q: z.string().check(z.maxLength(60, 'Use at most 60 characters.')),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.ownerKind === '')
        ctx.addIssue({ code: 'custom', path: ['ownerKind'], message: 'Choose who owns the group.' });
      if (v.ownerId === '')
        ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'Choose the owner of the group.' });
      if (v.mode === 'pick' && v.vehicleIds.length === 0)
        ctx.addIssue({ code: 'custom', path: ['vehicleIds'], message: 'Pick at least one vehicle.' });
    }),
  );
export type DeviceGroupValues = z.infer<typeof deviceGroupSchema>;
