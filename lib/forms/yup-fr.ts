/**
 * French texts for every one of yup's default messages. The forms' own rules carry their own messages;
 * these are what a value of the wrong kind gets (a hand-made call to a server action can send `null`, a
 * list or an object where the form sends text), so no English text, and no echo of what was sent, ever
 * reaches a page. Imported by every form schema.
 */
import * as yup from 'yup';
import { formText } from './texts';

const INVALID = formText('invalid');
const REQUIRED = formText('required');
const NOT_TYPE = formText('notType');
const DATETIME = formText('datetime');

yup.setLocale({
  mixed: {
    default: INVALID,
    required: REQUIRED,
    defined: REQUIRED,
    notNull: REQUIRED,
    oneOf: formText('oneOf'),
    notOneOf: INVALID,
    notType: NOT_TYPE,
  },
  string: {
    length: ({ length }) => formText('length', { length }),
    min: ({ min }) => formText('min', { min }),
    max: ({ max }) => formText('max', { max }),
    matches: formText('matches'),
    email: formText('email'),
    url: formText('url'),
    uuid: formText('uuid'),
    datetime: DATETIME,
    datetime_precision: DATETIME,
    datetime_offset: DATETIME,
    trim: formText('trim'),
    lowercase: formText('lowercase'),
    uppercase: formText('uppercase'),
  },
  number: {
    min: ({ min }) => formText('numberMin', { min }),
    max: ({ max }) => formText('numberMax', { max }),
    lessThan: ({ less }) => formText('lessThan', { less }),
    moreThan: ({ more }) => formText('moreThan', { more }),
    positive: formText('positive'),
    negative: formText('negative'),
    integer: formText('integer'),
  },
  date: { min: INVALID, max: INVALID },
  boolean: { isValue: INVALID },
  object: { noUnknown: INVALID, exact: INVALID },
  array: {
    min: ({ min }) => formText('arrayMin', { min }),
    max: ({ max }) => formText('arrayMax', { max }),
    length: ({ length }) => formText('arrayLength', { length }),
  },
  tuple: { notType: NOT_TYPE },
});

export { yup };
