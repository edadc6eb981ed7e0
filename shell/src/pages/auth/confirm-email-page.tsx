import { LinkTokenPage } from './link-token-page';

export default function ConfirmEmailPage() {
  return <LinkTokenPage title="Confirm your email" endpoint="/confirm-email" />;
}
