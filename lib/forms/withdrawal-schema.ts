/** The withdrawal form asks only which parts (the law allows no more: no reason, no condition). */
import { formText } from './texts';
import { yup } from './yup-fr';

export const withdrawalSchema = yup.object({
  items: yup
    .array(
      yup
        .string()
        .required()
        .matches(/^\d{1,10}$/),
    )
    .required()
    .min(1, formText('withdrawalParts')),
});
export type WithdrawalValues = yup.InferType<typeof withdrawalSchema>;
