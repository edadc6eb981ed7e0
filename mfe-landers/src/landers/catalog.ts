import type { Lander } from './lander';

/**
 * Marketing's landing pages. Adding one is adding an entry here and deploying mfe-landers: the
 * site manifest picks up its paths, title and description; no other team deploys anything.
 * `catalog.test.ts` checks that every entry is its own page (no copy or look shared with another).
 */
export const landers: Lander[] = [
  {
    slug: 'casual-dating',
    // SPEC lists the alias /lander10 without a /landers/lander10: it is this, the first lander.
    paths: ['/landers/casual-dating', '/lander10'],
    title: 'Casual dating in the UK',
    description: 'Free to join casual dating for UK adults: a profile in a minute, chat at your own pace.',
    headline: 'Casual dating, on your terms',
    intro:
      'No pressure and no long forms. Create a free profile in a minute and keep things as light as you like.',
    callToAction: 'Start chatting free',
    layout: 'spotlight',
    art: 'hearts',
    theme: 'rose',
    points: [
      ['Ready in a minute', 'Pick a username, add a photo when you like and say what you are after.'],
      ['Browse across the UK', 'Search by town and age, and see who is online now.'],
      [
        'Block and report in one tap',
        'Our team reviews every report, and photos are checked before they show.',
      ],
    ],
  },
  {
    slug: 'chicktok2',
    paths: ['/landers/chicktok2', '/chicktok2'],
    title: 'Chat that fits in your pocket',
    description: 'Flirty chat made for your phone: quick sign-up, live messages and winks, free to join.',
    headline: 'Your next chat is one tap away',
    intro: 'Scroll less, talk more. Sign up on your phone and send your first wink before the kettle boils.',
    callToAction: 'Get started on my phone',
    layout: 'app',
    art: 'phone',
    theme: 'night',
    points: [
      ['Live messages', 'Replies arrive the moment they are sent, with a bell for anything new.'],
      ['Winks for shy days', 'Not sure what to say? A wink says hello for you.'],
      ['Made for small screens', 'Everything works one-handed, from browsing to buying credits.'],
    ],
  },
  {
    slug: 'lander11',
    paths: ['/landers/lander11', '/lander11'],
    title: 'Say hello tonight',
    description: 'Three quick steps from sign-up to your first conversation with UK adults. Free to join.',
    headline: 'Three steps to your first hello',
    intro: 'New to dating sites? Start here. You could be chatting before your tea has gone cold.',
    callToAction: 'Create my free profile',
    layout: 'quick-start',
    art: 'chat',
    theme: 'ocean',
    points: [
      ['Make your profile', 'A username, your town and a line about you. A photo helps, but it can wait.'],
      ['Have a look around', 'Filter by age and distance, and favourite anyone who catches your eye.'],
      ['Send a message', 'Joining and browsing are free; credits pay for messages when you are ready.'],
    ],
  },
  {
    slug: 'lander12',
    paths: ['/landers/lander12', '/lander12'],
    title: 'From first hello to first coffee',
    description:
      'Take it one step at a time: chat first, get to know each other, meet when you both want to.',
    headline: 'From first hello to first coffee',
    intro: 'Good connections are rarely rushed. Chat at your own pace and decide together what comes next.',
    callToAction: 'Begin your story',
    layout: 'story',
    art: 'coffee',
    theme: 'sunset',
    points: [
      ['Say hello', 'A friendly message about something on their profile beats a copied line.'],
      ['Get to know each other', 'Swap stories, share a photo, find out what you have in common.'],
      ['Meet when it feels right', 'Pick a busy public place, and tell a friend where you will be.'],
    ],
  },
  {
    slug: 'lander13',
    paths: ['/landers/lander13', '/lander13'],
    title: 'Never stuck for an opening line',
    description:
      'Friendly ways to start a conversation, and a free profile to try them with. UK adults only.',
    headline: 'Never stuck for an opening line',
    intro: 'The hardest message is the first one. Borrow one of ours, make it yours, and see where it goes.',
    callToAction: 'Try an opener free',
    layout: 'openers',
    art: 'spark',
    theme: 'plum',
    points: [
      ['Be specific', 'Mention something from their profile; it shows you read it.'],
      ['Ask, don’t interview', 'One easy question invites a reply more than five hard ones.'],
      ['Keep it light', 'A little humour travels further than a grand speech.'],
    ],
    openers: [
      'You said you love a Sunday roast. Yorkshire puddings: essential or overrated?',
      'Your walking photo looks like the Peak District. Am I close?',
      'Quick question before anything else: tea or coffee?',
      'I’m new here and terrible at first messages, so: hello! What made you smile today?',
    ],
  },
  {
    slug: 'lander14',
    paths: ['/landers/lander14', '/lander14'],
    title: 'After-work flirting in your city',
    description:
      'Evenings are for good company. Meet adults in your city for chat and flirting; free to join.',
    headline: 'After-work flirting in your city',
    intro: 'The commute is done and the evening is yours. See who in your city is online and up for a chat.',
    callToAction: 'Find people in my city',
    layout: 'spotlight',
    art: 'city',
    theme: 'night',
    points: [
      ['Online now', 'See at a glance who is around this evening.'],
      ['Near you', 'From Manchester to Cardiff, search by town and distance.'],
      ['Private by design', 'Your email is never shown, and you decide what your profile says.'],
    ],
  },
  {
    slug: 'lander15',
    paths: ['/landers/lander15', '/lander15'],
    title: 'Dating beyond the big cities',
    description: 'Market towns, villages and coast: chat with UK adults wherever you live. Free to join.',
    headline: 'Dating beyond the big cities',
    intro: 'You don’t need a postcode in zone 1 to meet someone. Members join from towns and villages too.',
    callToAction: 'Join free near me',
    layout: 'quick-start',
    art: 'map',
    theme: 'forest',
    points: [
      ['Set your town', 'Tell us roughly where you are; your exact address is never asked for.'],
      ['Widen the circle', 'Search a few miles or the whole region, whatever suits you.'],
      ['Chat first', 'Get to know people online before deciding whether to travel.'],
    ],
  },
  {
    slug: 'lander16',
    paths: ['/landers/lander16', '/lander16'],
    title: 'Dating again after a break',
    description: 'Back to dating after a break-up or a long time away? Start gently, at your own pace.',
    headline: 'Second chapters welcome',
    intro: 'Single again and wondering how any of this works now? You are far from the only one.',
    callToAction: 'Start my next chapter',
    layout: 'story',
    art: 'stars',
    theme: 'plum',
    points: [
      ['Take your time', 'Browse quietly first; nobody sees more than your profile shows.'],
      ['Talk to people who get it', 'Plenty of members are starting again too.'],
      ['Stay in control', 'Block anyone in one tap and leave whenever you like.'],
    ],
  },
  {
    slug: 'lander32',
    paths: ['/landers/lander32', '/lander32'],
    name: 'lander32',
    title: 'Flirt, chat and see where it goes',
    description: 'Join free in a minute and start flirting with UK adults tonight. 18+ only.',
    headline: 'Tonight could be interesting',
    intro: 'A free profile, people to chat to and no awkward small talk at the bar. Ready when you are.',
    callToAction: 'Join free now',
    layout: 'spotlight',
    art: 'spark',
    theme: 'sunset',
    points: [
      ['Free to join', 'No card needed to sign up, browse or send winks.'],
      ['Pay as you chat', 'Buy credits only when you want to message; no subscription.'],
      ['You stay in control', 'Block and report in one tap, day or night.'],
    ],
  },
  {
    slug: 'milf',
    paths: ['/milf'],
    name: 'milf',
    title: 'Dating for confident, experienced women',
    description: 'For experienced women who know what they want, and the people who admire them. UK adults.',
    headline: 'Confident, experienced and single',
    intro: 'Life experience is attractive. Meet people who appreciate a woman who knows her own mind.',
    callToAction: 'Meet admirers free',
    layout: 'quick-start',
    art: 'wine',
    theme: 'plum',
    points: [
      ['Say what you want', 'Your profile, your rules: friendship, flirting or something more.'],
      ['Choose who you talk to', 'Filter by age and town, and ignore anyone who is not for you.'],
      ['Discreet by design', 'Your email stays private, and you decide what your profile shows.'],
    ],
  },
  {
    slug: 'instagram-for-sex',
    paths: ['/instagram-for-sex'],
    title: 'Photo-first flirting',
    description: 'Show your best side and flirt in private. Photo profiles for UK adults, free to join.',
    headline: 'Show your best side, flirt in private',
    intro:
      'Like a photo feed, but the likes lead somewhere. Share your favourite shots and start a private chat.',
    callToAction: 'Share my best side',
    layout: 'app',
    art: 'frames',
    theme: 'rose',
    points: [
      ['Photos that show you', 'Add several photos; each is checked before it goes live.'],
      ['Likes that lead somewhere', 'Like a profile and they get a notification; say hello when you like.'],
      ['Private chat', 'Messages and shared images stay between the two of you.'],
    ],
  },
  {
    slug: 'tinderforsex',
    paths: ['/tinderforsex'],
    title: 'Upfront casual dating',
    description: 'Skip the guessing games: casual dating for UK adults who say what they are looking for.',
    headline: 'Upfront about casual? So is everyone here',
    intro:
      'No guessing what someone wants. Members say what they are looking for, so you can skip the mixed signals.',
    callToAction: 'Meet like-minded adults',
    layout: 'openers',
    art: 'chat',
    theme: 'forest',
    points: [
      ['Honest profiles', 'Say what you are after in your own words.'],
      ['Respect built in', 'Unwanted images are not welcome here; report them in one tap.'],
      ['Leave any time', 'Delete your account from settings, no phone call needed.'],
    ],
    openers: [
      'Your profile says you are straight-talking. Same here. Fancy a chat?',
      'Honest question: best pub in your town?',
      'I liked your line about weekends away. Where was the last one?',
    ],
  },
];

export function landerForPath(pathname: string): Lander | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return landers.find((lander) => lander.paths.includes(path));
}
