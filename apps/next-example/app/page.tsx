import { Home } from './components/Home'

/** The one page: the sign-in card, or the signed-in user's address, a signature and a sponsored send. */
export default function Page() {
  return <Home />
}
