import { z } from 'zod';

export const deviceGroupSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'),
    description: z.string().max(240, 'Use at most 240 characters.'),
    ownerKind: z.enum(['dealer', 'fleet', 'evowner', 'driver', ''], { message: 'Choose the owner kind.' }),
    ownerId: z.string(),
    mode: z.enum(['pick', 'filter']),
    vehicleIds: z.array(z.string()),
    modelId: z.string(),
    status: z.enum(['', '0', '1']),
    q: z.string().max(60, 'Use at most 60 characters.'),
  })
  .superRefine((v, ctx) => {
    if (v.ownerKind === '')
      ctx.addIssue({ code: 'custom', path: ['ownerKind'], message: 'Choose who owns the group.' });
    if (v.ownerId === '')
      ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'Choose the owner of the group.' });
    if (v.mode === 'pick' && v.vehicleIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['vehicleIds'], message: 'Pick at least one vehicle.' });
  });
export type DeviceGroupValues = z.infer<typeof deviceGroupSchema>;
