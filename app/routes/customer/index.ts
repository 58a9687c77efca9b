import { redirect } from "react-router";

/** Spec section 2: /customer redirects to /customer/mobile (which asks for sign-in when needed). */
export function loader() {
  return redirect("/customer/mobile", 301);
}
