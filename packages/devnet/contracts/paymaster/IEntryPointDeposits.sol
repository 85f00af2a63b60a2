// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// @notice The deposit and stake functions an EntryPoint has in every version (0.6, 0.7, 0.8: same selectors).
interface IEntryPointDeposits {
    function depositTo(address account) external payable;

    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;

    function balanceOf(address account) external view returns (uint256);

    function addStake(uint32 unstakeDelaySec) external payable;

    function unlockStake() external;

    function withdrawStake(address payable withdrawAddress) external;
}
