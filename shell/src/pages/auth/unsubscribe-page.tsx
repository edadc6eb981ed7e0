import { LinkTokenPage } from './link-token-page';

export default function UnsubscribePage() {
  return <LinkTokenPage title="Email preferences" endpoint="/unsubscribe" />;
}
