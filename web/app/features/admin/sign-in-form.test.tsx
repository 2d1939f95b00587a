import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import type { Endpoints } from "./endpoints";
import { SignInForm } from "./sign-in-form";

function Landed() {
  const location = useLocation();
  return <p>{`landed on ${location.pathname}${location.search}`}</p>;
}

/** signInCall is the mocked sign-in of the current test (the route's component reads it). */
let signInCall: Endpoints["signIn"] = () => Promise.reject(new Error("no mock"));

function SignInRoute() {
  return <SignInForm client={{ signIn: signInCall }} />;
}

function renderSignIn(signIn: Endpoints["signIn"], at = "/admin/sign-in") {
  signInCall = signIn;
  const Stub = createRoutesStub([
    { path: "/admin/sign-in", Component: SignInRoute },
    { path: "/admin", Component: Landed },
    { path: "/admin/contacts", Component: Landed },
  ]);
  return render(<Stub initialEntries={[at]} />);
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email address"), "team@example.com");
  await user.type(screen.getByLabelText("Password"), "correct horse battery");
}

describe("SignInForm", () => {
  it("asks for the code only when the API says needCode, then signs in with it", async () => {
    const user = userEvent.setup();
    const signIn = vi
      .fn<Endpoints["signIn"]>()
      .mockRejectedValueOnce(
        new ApiError(401, "Enter the 6-digit code from your authenticator app.", {}, true),
      )
      .mockResolvedValueOnce({ email: "team@example.com", totp: true });
    renderSignIn(signIn, "/admin/sign-in?next=%2Fadmin%2Fcontacts%3Fstatus%3Dnew");
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();

    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(signIn).toHaveBeenLastCalledWith({ email: "team@example.com", password: "correct horse battery" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Enter the 6-digit code from your authenticator app.",
    );
    const code = screen.getByLabelText("6-digit code");
    expect(code).toHaveFocus();

    await user.type(code, "123456");
    await user.keyboard("{Enter}");
    expect(signIn).toHaveBeenLastCalledWith({
      email: "team@example.com",
      password: "correct horse battery",
      code: "123456",
    });
    expect(await screen.findByText("landed on /admin/contacts?status=new")).toBeInTheDocument();
  });

  it("announces a wrong password, focuses the message and shows no code field", async () => {
    const user = userEvent.setup();
    const signIn = vi
      .fn<Endpoints["signIn"]>()
      .mockRejectedValue(new ApiError(401, "That email and password do not match an account."));
    renderSignIn(signIn);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("That email and password do not match an account.");
    expect(alert).toHaveFocus();
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();
  });

  it("goes to the dashboard when next points anywhere but the console", async () => {
    const user = userEvent.setup();
    const signIn = vi.fn<Endpoints["signIn"]>().mockResolvedValue({ email: "team@example.com", totp: false });
    renderSignIn(signIn, "/admin/sign-in?next=https%3A%2F%2Fevil.example%2Fadmin");
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("landed on /admin")).toBeInTheDocument();
  });

  it("says what is missing without asking the server", async () => {
    const user = userEvent.setup();
    const signIn = vi.fn<Endpoints["signIn"]>();
    renderSignIn(signIn);
    await user.type(screen.getByLabelText("Email address"), "team@example.com");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter your email address and your password.");
    expect(signIn).not.toHaveBeenCalled();
  });
});
