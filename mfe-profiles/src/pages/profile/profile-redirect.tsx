import { Navigate } from 'react-router';

/** SPEC §2: the bare /profile is the member's own profile. */
export default function ProfileRedirect() {
  return <Navigate to="/my-profile" replace />;
}
