import { Navigate, useParams } from 'react-router';

/** `/message/{conversationUuid}` (the desktop-notification link) opens the same conversation. */
export default function MessageRedirect() {
  const { conversationUuid = '' } = useParams();
  return <Navigate to={`/messages/${encodeURIComponent(conversationUuid)}`} replace />;
}
