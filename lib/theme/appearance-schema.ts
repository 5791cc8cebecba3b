import { z } from 'zod';
import { ACCENTS, TEXT_SIZES } from './appearance';

/** The settings page's appearance choice: one schema for the form and the action. */
export const appearanceSchema = z.object({
  accent: z.enum(ACCENTS),
  textSize: z.enum(TEXT_SIZES),
});
export type AppearanceInput = z.infer<typeof appearanceSchema>;
