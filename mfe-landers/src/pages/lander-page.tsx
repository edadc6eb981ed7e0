import { useLocation } from 'react-router';
import { landerForPath } from '../landers/catalog';
import type { Lander, LanderLayout } from '../landers/lander';
import { Closing, Hero } from '../landers/sections/hero';
import { Openers, Points, QuickStart } from '../landers/sections/points';
import styles from '../landers/sections/sections.module.css';

/** Each layout is the shared sections in its own order; the catalog entry picks one. */
const layouts: Record<LanderLayout, (props: { lander: Lander }) => React.JSX.Element> = {
  spotlight: ({ lander }) => (
    <>
      <Hero lander={lander} />
      <Points lander={lander} heading="Why people join" as="cards" />
      <Closing lander={lander} />
    </>
  ),
  'quick-start': ({ lander }) => (
    <>
      <Hero lander={lander} aside={<QuickStart lander={lander} />} />
      <Closing lander={lander} withArt />
    </>
  ),
  story: ({ lander }) => (
    <>
      <Hero lander={lander} />
      <Points lander={lander} heading="How it usually goes" as="steps" />
      <Closing lander={lander} />
    </>
  ),
  openers: ({ lander }) => (
    <>
      <Hero lander={lander} />
      <Openers lander={lander} />
      <Points lander={lander} heading="First-message tips" as="cards" />
      <Closing lander={lander} />
    </>
  ),
  app: ({ lander }) => (
    <>
      <Hero lander={lander} compact />
      <Points lander={lander} heading="What you get" as="rows" />
      <Closing lander={lander} />
    </>
  ),
};

/** One template for every campaign lander; the catalog entry for the path decides what it shows. */
export default function LanderPage() {
  const { pathname } = useLocation();
  const lander = landerForPath(pathname);
  if (!lander) return null;
  const Layout = layouts[lander.layout];
  return (
    <div className={styles.page} data-lander={lander.slug} data-layout={lander.layout}>
      <Layout lander={lander} />
    </div>
  );
}
