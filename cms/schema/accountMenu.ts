import { z } from 'zod/v4'

export const accountMenuSchema = z.strictObject({
  privateLinks: z
    .array(
      z.strictObject({
        label: z.string().min(1),
        accountSection: z
          .string()
          .regex(/^(#\/?[a-z0-9-]*)?$/, 'must be empty or an account section such as "#/orders"')
          .describe('Appended to the account address, so the links follow the configured platform.'),
      }),
    )
    .min(1)
    .describe('Links of the logged-in account dropdown, in order.'),
})
