import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A wizard step's form: checked with the server's own schema, and no focus jump of its own
 * (`StepForm` moves the focus to the first invalid field once the messages are on screen).
 */
export function useStepForm<Values extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Input, Values>,
  defaultValues: DefaultValues<Values>,
) {
  return useForm<Values, unknown, Input>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });
}
