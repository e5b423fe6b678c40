import { redirect } from 'next/navigation';

/** /verification without a token leads nowhere: home. */
export default function VerificationIndex() {
  redirect('/');
}
