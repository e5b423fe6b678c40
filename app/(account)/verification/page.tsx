import { redirect } from 'next/navigation';

/** /verification without a token leads nowhere: home (spec §2). */
export default function VerificationIndex() {
  redirect('/');
}
