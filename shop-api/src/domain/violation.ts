/**
 * What a rule found wrong in what was sent: the field (`propertyPath`, empty for the whole request) and
 * the French sentence, as Sylius's ConstraintViolationList lists them. Rules return these; http/errors.ts
 * turns them into a 422.
 */
export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
}
