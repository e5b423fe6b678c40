/** The withdrawal form asks only which parts (the law allows no more: no reason, no condition). */
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
    .min(1, 'Cochez au moins une pièce.'),
});
export type WithdrawalValues = yup.InferType<typeof withdrawalSchema>;
